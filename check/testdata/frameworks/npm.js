// Runs the arange of the frameworks that install from npm, for
// TestNPMFrameworks (../../frameworks_npm_test.go):
//
//     node npm.js DIR FILLS.json OUT
//
// DIR is where `npm install --prefix DIR` installed @tensorflow/tfjs-core,
// @tensorflow/tfjs-backend-cpu and @tensorflow/tfjs-backend-wasm 4.22.0 and
// onnxruntime-node 1.30.0. FILLS.json is a list of
// {"framework": "tfjs-cpu" | "tfjs-wasm" | "onnxruntime", "start": "0.1",
// "delta": "0.3", "n": 1000}, start and delta the decimal text a user writes.
// OUT receives, for each fill in order, the element count the framework
// gave (uint32, little-endian) and its float32 elements (little-endian).
// Each framework is called as its users call it, with stop = start +
// delta * (n - 0.5): tf.range(start, stop, delta, 'float32') on the
// backend named, and for ONNX Runtime one Range node (opset 17) on float32
// scalars, run by its CPU execution provider.
'use strict';

const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const [dir, fillsPath, outPath] = process.argv.slice(2);
const need = createRequire(path.join(path.resolve(dir), 'npm.js'));

// The ONNX model: protobuf fields written by hand (onnx.proto3: ModelProto,
// GraphProto, NodeProto, ValueInfoProto, TypeProto), to need no ONNX package.
function varint(n) {
  const b = [];
  for (; n > 127; n = Math.floor(n / 128)) b.push((n % 128) | 128);
  b.push(n);
  return b;
}
function field(tag, value) { // a length-delimited field (string or message)
  const bytes = typeof value === 'string' ? [...Buffer.from(value)] : value;
  return [...varint(tag * 8 + 2), ...varint(bytes.length), ...bytes];
}
function intField(tag, n) {
  return [...varint(tag * 8), ...varint(n)];
}
function float32Value(name, dims) { // ValueInfoProto of a float32 tensor
  const shape = dims.flatMap((d) => field(1, field(2, d))); // Dimension.dim_param
  const tensor = [...intField(1, 1), ...field(2, shape)]; // elem_type FLOAT, shape
  return field(1, name).concat(field(2, field(1, tensor)));
}
function rangeModel() {
  const node = [...field(1, 'start'), ...field(1, 'limit'), ...field(1, 'delta'),
    ...field(2, 'y'), ...field(3, 'range'), ...field(4, 'Range')];
  const graph = [...field(1, node), ...field(2, 'arange'),
    ...['start', 'limit', 'delta'].flatMap((n) => field(11, float32Value(n, []))),
    ...field(12, float32Value('y', ['n']))];
  const opset = [...field(1, ''), ...intField(2, 17)];
  return Uint8Array.from([...intField(1, 8), ...field(7, graph), ...field(8, opset)]);
}

async function main() {
  const fills = JSON.parse(fs.readFileSync(fillsPath, 'utf8'));
  const tf = need('@tensorflow/tfjs-core');
  need('@tensorflow/tfjs-backend-cpu');
  need('@tensorflow/tfjs-backend-wasm');
  const ort = need('onnxruntime-node');
  const session = await ort.InferenceSession.create(rangeModel(), { executionProviders: ['cpu'] });
  const parts = [];
  for (const f of fills) {
    const start = Number(f.start);
    const delta = Number(f.delta);
    const stop = start + delta * (f.n - 0.5);
    let values;
    if (f.framework === 'onnxruntime') {
      const scalar = (x) => new ort.Tensor('float32', Float32Array.of(x), []);
      const out = await session.run({ start: scalar(start), limit: scalar(stop), delta: scalar(delta) });
      values = out.y.data;
    } else {
      const backend = { 'tfjs-cpu': 'cpu', 'tfjs-wasm': 'wasm' }[f.framework];
      if (!backend) throw new Error('no framework ' + f.framework);
      if (!(await tf.setBackend(backend)) || tf.getBackend() !== backend) {
        throw new Error('TensorFlow.js could not start its ' + backend + ' backend');
      }
      const t = tf.range(start, stop, delta, 'float32');
      values = await t.data();
      t.dispose();
    }
    const head = Buffer.alloc(4);
    head.writeUInt32LE(values.length);
    parts.push(head, Buffer.from(Float32Array.from(values).buffer));
  }
  fs.writeFileSync(outPath, Buffer.concat(parts));
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + '\n');
  process.exit(1);
});
