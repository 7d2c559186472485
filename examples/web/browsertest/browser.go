package browsertest

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Chromium is the browser's path: $CHROMIUM, or Debian's /usr/bin/chromium.
func Chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// NewBrowser starts headless Chromium with a fresh profile in dir and the
// flags this machine's closed network needs, a 1280×900 window, and sends
// the page's console lines and uncaught exceptions to logf. Cancel the
// context to close it.
func NewBrowser(dir string, logf func(string, ...any)) (context.Context, context.CancelFunc, error) {
	if _, err := os.Stat(Chromium()); err != nil {
		return nil, nil, fmt.Errorf("no Chromium at %s (apt-get install chromium, or set CHROMIUM): %w", Chromium(), err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium()),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx, chromedp.WithListener(func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value))
			}
			logf("console.%s: %s", ev.Type, strings.Join(args, " "))
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			logf("page exception: %s (%s:%d)", msg, d.URL, d.LineNumber)
		}
	}))
	if err := chromedp.Do(ctx); err != nil {
		cancelCtx()
		cancelAlloc()
		return nil, nil, fmt.Errorf("starting Chromium: %w", err)
	}
	return ctx, func() { cancelCtx(); cancelAlloc() }, nil
}
