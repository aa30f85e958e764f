module github.com/dmlgo/dml

go 1.26

require (
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
	github.com/x448/float16 v0.8.4
)
