package kernel

// ntMinForTests is how long a fill must be for the streaming stores.
func ntMinForTests() int { return streamingMin }
