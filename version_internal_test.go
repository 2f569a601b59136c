package xcover

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123"}}
	dirty := append(vcs[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	clean := append(vcs[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "false"})
	self := debug.Module{Path: modulePath, Version: "(devel)"}
	dep := func(v string, replace *debug.Module) []*debug.Module {
		return []*debug.Module{{Path: "example.com/other", Version: "v9.9.9"}, {Path: modulePath, Version: v, Replace: replace}}
	}
	tests := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"release", debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: modulePath, Version: "v1.2.0"}, Settings: dirty}, "v1.2.0 go1.26.0"},
		{"devel dirty", debug.BuildInfo{GoVersion: "go1.26.0", Main: self, Settings: dirty}, "devel 0123456789ab+dirty go1.26.0"},
		{"devel clean", debug.BuildInfo{GoVersion: "go1.26.0", Main: self, Settings: clean}, "devel 0123456789ab go1.26.0"},
		{"devel short revision", debug.BuildInfo{GoVersion: "go1.26.0", Main: self, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}, "devel abc go1.26.0"},
		{"devel no vcs", debug.BuildInfo{GoVersion: "go1.26.0", Main: self}, "devel go1.26.0"},
		{"no version", debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: modulePath}, Settings: vcs}, "devel 0123456789ab go1.26.0"},
		// A dependency: its version, never the main module's revision.
		{"dependency", debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app", Version: "(devel)"}, Deps: dep("v1.3.0", nil), Settings: dirty}, "v1.3.0 go1.25.1"},
		{"replaced by a version", debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app"}, Deps: dep("v1.3.0", &debug.Module{Path: "example.com/fork", Version: "v1.3.1"}), Settings: dirty}, "v1.3.1 go1.25.1"},
		{"replaced by a directory", debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app"}, Deps: dep("v1.3.0", &debug.Module{Path: "../xcover"}), Settings: dirty}, "devel go1.25.1"},
	}
	for _, tt := range tests {
		if got := buildVersion(&tt.info, true); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := buildVersion(nil, false); got != "(unknown version)" {
		t.Errorf("no build information: %q", got)
	}
	// A test binary is a development build of this module.
	if got := Version(); !strings.HasPrefix(got, "devel") {
		t.Errorf("Version() = %q, want a development build", got)
	}
}
