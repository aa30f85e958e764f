package dml

import (
	"fmt"
	"strings"
)

// FeatureLevel is DML_FEATURE_LEVEL: the set of operators and types a device
// supports, with DirectML's numbers (0x5000 is 5_0).
type FeatureLevel uint32

// The feature levels of directml.h.
const (
	FeatureLevel1_0 FeatureLevel = 0x1000
	FeatureLevel2_0 FeatureLevel = 0x2000
	FeatureLevel2_1 FeatureLevel = 0x2100
	FeatureLevel3_0 FeatureLevel = 0x3000
	FeatureLevel3_1 FeatureLevel = 0x3100
	FeatureLevel4_0 FeatureLevel = 0x4000
	FeatureLevel4_1 FeatureLevel = 0x4100
	FeatureLevel5_0 FeatureLevel = 0x5000
	FeatureLevel5_1 FeatureLevel = 0x5100
	FeatureLevel5_2 FeatureLevel = 0x5200
	FeatureLevel6_0 FeatureLevel = 0x6000
	FeatureLevel6_1 FeatureLevel = 0x6100
	FeatureLevel6_2 FeatureLevel = 0x6200
	FeatureLevel6_3 FeatureLevel = 0x6300
	FeatureLevel6_4 FeatureLevel = 0x6400

	// FeatureLevelLatest is the highest level this package knows.
	FeatureLevelLatest = FeatureLevel6_4
)

var featureLevels = []FeatureLevel{
	FeatureLevel1_0, FeatureLevel2_0, FeatureLevel2_1, FeatureLevel3_0, FeatureLevel3_1,
	FeatureLevel4_0, FeatureLevel4_1, FeatureLevel5_0, FeatureLevel5_1, FeatureLevel5_2,
	FeatureLevel6_0, FeatureLevel6_1, FeatureLevel6_2, FeatureLevel6_3, FeatureLevel6_4,
}

// String returns the level as directml.h spells its suffix, "5_0", or
// "FeatureLevel(0xN)" for a number it does not define.
func (l FeatureLevel) String() string {
	for _, k := range featureLevels {
		if k == l {
			return fmt.Sprintf("%d_%d", uint32(l)>>12, uint32(l)>>8&0xF)
		}
	}
	return fmt.Sprintf("FeatureLevel(%#x)", uint32(l))
}

// ParseFeatureLevel reads "5.0", "5_0" or "DML_FEATURE_LEVEL_5_0".
func ParseFeatureLevel(s string) (FeatureLevel, error) {
	name := strings.ToUpper(strings.TrimSpace(s))
	name = strings.TrimPrefix(name, "DML_FEATURE_LEVEL_")
	name = strings.Replace(name, ".", "_", 1)
	for _, l := range featureLevels {
		if l.String() == name {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown feature level %q; want one of 1.0, 2.0, 2.1, 3.0, 3.1, 4.0, 4.1, 5.0, 5.1, 5.2, 6.0, 6.1, 6.2, 6.3, 6.4", ErrInvalidArg, s)
}
