package web

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rgba is a colour with its opacity, each from 0 to 1.
type rgba struct{ r, g, b, a float64 }

// parseColor reads #rrggbb or rgba(r, g, b, a).
func parseColor(t *testing.T, s string) rgba {
	t.Helper()
	s = strings.TrimSpace(s)
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err == nil {
			return rgba{float64(v>>16) / 255, float64(v>>8&255) / 255, float64(v&255) / 255, 1}
		}
	}
	if m := regexp.MustCompile(`^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$`).FindStringSubmatch(s); m != nil {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
		return rgba{f(1) / 255, f(2) / 255, f(3) / 255, f(4)}
	}
	t.Fatalf("cannot read the colour %q", s)
	return rgba{}
}

// over returns c painted over the opaque colour under.
func (c rgba) over(under rgba) rgba {
	mix := func(x, y float64) float64 { return c.a*x + (1-c.a)*y }
	return rgba{mix(c.r, under.r), mix(c.g, under.g), mix(c.b, under.b), 1}
}

// luminance is the relative luminance of WCAG 2.
func (c rgba) luminance() float64 {
	lin := func(v float64) float64 {
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.r) + 0.7152*lin(c.g) + 0.0722*lin(c.b)
}

// contrast is the WCAG 2 contrast ratio of two opaque colours.
func contrast(x, y rgba) float64 {
	a, b := x.luminance()+0.05, y.luminance()+0.05
	return max(a, b) / min(a, b)
}

// cssVars returns the custom properties of the first block of the style
// sheet that starts with selector.
func cssVars(t *testing.T, css, selector string) map[string]string {
	t.Helper()
	i := strings.Index(css, selector)
	if i < 0 {
		t.Fatalf("the style sheet has no %s block", selector)
	}
	block := css[i:]
	block = block[strings.Index(block, "{")+1 : strings.Index(block, "}")]
	vars := map[string]string{}
	for _, m := range regexp.MustCompile(`--([a-z-]+):\s*([^;]+);`).FindAllStringSubmatch(block, -1) {
		vars[m[1]] = m[2]
	}
	return vars
}

// TestContrast checks the colours of the page against WCAG 2: text at
// 4.5:1 at least on its background, in both themes, and the marks on the
// board at 3:1 on light and dark squares, by their colour or by their
// white halo.
func TestContrast(t *testing.T) {
	b, err := staticFiles.ReadFile("static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	light := cssVars(t, css, ":root {")
	dark := cssVars(t, css, "@media (prefers-color-scheme: dark) {\n  :root {")
	for name, theme := range map[string]map[string]string{"light": light, "dark": dark} {
		get := func(v string) rgba {
			if s, ok := theme[v]; ok {
				return parseColor(t, s)
			}
			return parseColor(t, light[v])
		}
		for _, pair := range [][2]string{
			{"fg", "bg"}, {"fg", "panel"}, {"muted", "bg"}, {"muted", "panel"},
			{"accent-fg", "accent"}, {"good", "panel"}, {"bad", "panel"}, {"good", "bg"}, {"bad", "bg"},
		} {
			if c := contrast(get(pair[0]), get(pair[1])); c < 4.5 {
				t.Errorf("%s theme: --%s on --%s has contrast %.2f, want 4.5 at least", name, pair[0], pair[1], c)
			}
		}
	}
	squares := map[string]rgba{"light": parseColor(t, light["light"]), "dark": parseColor(t, light["dark"])}
	halo := parseColor(t, light["halo"])
	for sq, under := range squares {
		for _, mark := range []string{"mark-ok", "mark-bad"} {
			c := parseColor(t, light[mark])
			if best := max(contrast(c, under), contrast(halo, under)); best < 3 {
				t.Errorf("--%s on a %s square: contrast %.2f with its halo, want 3 at least", mark, sq, best)
			}
			if contrast(c, halo) < 3 {
				t.Errorf("--%s against its halo: contrast %.2f, want 3 at least", mark, contrast(c, halo))
			}
		}
		if c := contrast(parseColor(t, light["hatch"]).over(under), under); c < 3 {
			t.Errorf("the hatching of attacked squares on a %s square: contrast %.2f, want 3 at least", sq, c)
		}
	}
}
