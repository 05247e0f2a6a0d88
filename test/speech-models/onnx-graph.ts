// A small ONNX graph writer on top of onnx-proto (the ONNX protobuf schema compiled for
// protobufjs, from npm). The speech-model fixtures (speech-models.ts) are written with it:
// tiny networks with random weights whose inputs, outputs and metadata have the layout
// sherpa-onnx expects of the real exports.
import onnxProto from "onnx-proto";

const { onnx } = onnxProto;
const T = onnx.TensorProto.DataType;
const A = onnx.AttributeProto.AttributeType;

export type ElemType = "float" | "int32" | "int64";
const ELEM: Record<ElemType, number> = { float: T.FLOAT, int32: T.INT32, int64: T.INT64 };

/** A dimension: a number is fixed, a string is a named dynamic axis (as torch.onnx.export writes them). */
export type Dim = number | string;
type AttrValue = number | number[] | string | { floats: number[] };

export { rng } from "../seeded-random";

/** Normal(0, scale²) values (Box-Muller). */
export function randn(next: () => number, n: number, scale = 1): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const u = Math.max(next(), 1e-12);
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u)) * scale;
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < n) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

function valueInfo(name: string, type: ElemType, shape: Dim[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: ELEM[type],
        shape: { dim: shape.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })) },
      },
    },
  });
}

function attribute(name: string, v: AttrValue) {
  if (typeof v === "string") return onnx.AttributeProto.create({ name, type: A.STRING, s: new TextEncoder().encode(v) });
  if (Array.isArray(v)) return onnx.AttributeProto.create({ name, type: A.INTS, ints: v });
  if (typeof v === "object") return onnx.AttributeProto.create({ name, type: A.FLOATS, floats: v.floats });
  return Number.isInteger(v)
    ? onnx.AttributeProto.create({ name, type: A.INT, i: v })
    : onnx.AttributeProto.create({ name, type: A.FLOAT, f: v });
}

export class Graph {
  private readonly nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  private readonly inits: InstanceType<typeof onnx.TensorProto>[] = [];
  private readonly inputs: ReturnType<typeof valueInfo>[] = [];
  private readonly outputs: ReturnType<typeof valueInfo>[] = [];
  private n = 0;

  constructor(readonly name: string) {}

  input(name: string, type: ElemType, shape: Dim[]): string {
    this.inputs.push(valueInfo(name, type, shape));
    return name;
  }

  /** Declares a graph output; `from` is renamed to `name` through an Identity node. */
  output(name: string, type: ElemType, shape: Dim[], from: string): void {
    this.nodes.push(onnx.NodeProto.create({ opType: "Identity", input: [from], output: [name], name: `out_${name}` }));
    this.outputs.push(valueInfo(name, type, shape));
  }

  /** A constant tensor (initializer); returns its name. */
  const(dims: number[], values: Float32Array | number[], type: ElemType = "float"): string {
    const name = `c${this.n++}`;
    const t = onnx.TensorProto.create({ name, dims, dataType: ELEM[type] });
    if (type === "float") t.floatData = Array.from(values);
    else if (type === "int32") t.int32Data = Array.from(values);
    else t.int64Data = Array.from(values);
    this.inits.push(t);
    return name;
  }

  /** Adds a node; returns its output names (`outputs` of them). */
  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, outputs = 1): string[] {
    const id = this.n++;
    const out = Array.from({ length: outputs }, (_, i) => `${opType.toLowerCase()}${id}_${i}`);
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        name: `${opType}_${id}`,
        input: inputs,
        output: out,
        attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
      }),
    );
    return out;
  }

  /** One-output shorthand for op(). */
  o(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}): string {
    return this.op(opType, inputs, attrs)[0]!;
  }

  /** x @ W + b with random W ~ N(0, 1/in) unless given. */
  linear(x: string, w: Float32Array, inDim: number, outDim: number, bias?: Float32Array): string {
    const y = this.o("MatMul", [x, this.const([inDim, outDim], w)]);
    return bias ? this.o("Add", [y, this.const([outDim], bias)]) : y;
  }

  toModel(metadata: Record<string, string | number> = {}, opset = 17): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: 8,
      producerName: "minutes-test-fixtures",
      opsetImport: [{ domain: "", version: opset }],
      graph: {
        name: this.name,
        node: this.nodes,
        initializer: this.inits,
        input: this.inputs,
        output: this.outputs,
      },
      metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value: String(value) })),
    });
    return onnx.ModelProto.encode(model).finish();
  }
}
