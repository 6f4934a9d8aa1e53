package message

import "encoding/json"

// Table is the catalogue in one language, as the web page takes it: the
// text of every key, and the form for a count of one where it differs.
type Table struct {
	Lang string            `json:"lang"`
	Text map[string]string `json:"text"`
	One  map[string]string `json:"one,omitempty"`
}

// TableOf returns the catalogue in the language l.
func TableOf(l Lang) Table {
	p := NewPrinter(l)
	t := Table{Lang: l.String(), Text: make(map[string]string, len(catalogue)), One: map[string]string{}}
	for key, e := range catalogue {
		t.Text[key] = p.text(key, -1)
		if one := p.text(key, 1); e.One != "" && one != t.Text[key] {
			t.One[key] = one
		}
	}
	return t
}

// JSON returns [TableOf] l as JSON.
func JSON(l Lang) []byte {
	b, err := json.Marshal(TableOf(l))
	if err != nil {
		panic("message: " + err.Error()) // maps of strings always marshal
	}
	return b
}
