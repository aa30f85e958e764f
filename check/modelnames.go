package check

import "strings"

// modelList is models' names as a message lists them: "exact,
// f32-mul-add, ...".
func modelList(models []Model) string {
	names := make([]string, len(models))
	for i, m := range models {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}
