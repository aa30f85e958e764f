// QLANES16 loads the arguments of a kernel of sixteen int64 lanes (dst,
// blocks, base, first, inc: cvtqStoreS, f32Binq): dst in DI, blocks in CX,
// the lanes base + first in Z0 and Z1, inc in Z4; first stays in every
// lane of Z9 and base in SI, for kernels of more lanes (f16Binq).
#define QLANES16 \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VPBROADCASTQ AX, Z9 \
	VPADDQ 0(SI), Z9, Z0 \
	VPADDQ 64(SI), Z9, Z1 \
	MOVQ inc+32(FP), AX \
	VPBROADCASTQ AX, Z4
