module github.com/xcover/xcover

go 1.26
