module github.com/queenslab/queens/internal/anim/fontgen

go 1.26.0

require github.com/queenslab/queens v0.0.0

require (
	golang.org/x/image v0.48.0
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/queenslab/queens => ../../..
