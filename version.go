package xcover

import (
	"runtime/debug"
	"sync"
)

// modulePath is the path of this module, looked up in a program's build information.
const modulePath = "github.com/xcover/xcover"

// Version describes the build of this module in the running program, as "xcover version"
// prints it and as shard results and checkpoints record it: the module's version and the
// Go version ("v1.2.0 go1.26.0"). A program of this module built from its work tree (the
// xcover command) gives "devel" and the VCS revision instead of a version, 12 hex digits
// with "+dirty" for a modified work tree ("devel 0123456789ab+dirty go1.26.0"); a program
// that has xcover as a dependency gives the version of it that the program was built
// with, or "devel" for a replacement without one. It is "(unknown version)" when the
// program carries no build information.
func Version() string { return version() }

var version = sync.OnceValue(func() string { return buildVersion(debug.ReadBuildInfo()) })

// buildVersion is Version for the build information info (ok false: none).
func buildVersion(info *debug.BuildInfo, ok bool) string {
	if !ok {
		return "(unknown version)"
	}
	v, main := "", info.Main.Path == modulePath || info.Main.Path == ""
	if main {
		v = info.Main.Version
	} else {
		for _, m := range info.Deps {
			if m.Path != modulePath {
				continue
			}
			if v = m.Version; m.Replace != nil {
				v = m.Replace.Version
			}
			break
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
		if main { // the revision stamped is the main module's: of xcover only here
			v += revision(info.Settings)
		}
	}
	return v + " " + info.GoVersion
}

// revision returns " " and the first 12 hex digits of the VCS revision in settings, with
// "+dirty" for a modified work tree; "" if the build recorded none.
func revision(settings []debug.BuildSetting) string {
	var rev, modified string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return " " + rev[:min(len(rev), 12)] + modified
}
