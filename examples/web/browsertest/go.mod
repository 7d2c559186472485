module github.com/spiderkit/spider/examples/web/browsertest

go 1.26.0

replace github.com/spiderkit/spider => ../../..

require (
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/spiderkit/spider v0.0.0-00010101000000-000000000000
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
)
