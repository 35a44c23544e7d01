// code.wasm, assembled by hand: one exported function the game calls every frame,
//
//   (func (export "clamp") (param $x f64) (param $lo f64) (param $hi f64) (result f64)
//     (f64.min (f64.max (local.get $x) (local.get $lo)) (local.get $hi)))
//
// A Unity build's code file is the compiled game; ours only needs to be a real module so that
// the loader's download, instantiation and error paths are the ones a real build goes through.

const F64 = 0x7c;

function section(id: number, content: number[]): number[] {
  // Every section here is shorter than 128 bytes, so its LEB128 length is one byte.
  if (content.length >= 128) throw new Error('section too long for a one-byte length');
  return [id, content.length, ...content];
}

function name(text: string): number[] {
  return [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
}

export function buildGameWasm(): Uint8Array<ArrayBuffer> {
  const magicAndVersion = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types = section(1, [1, 0x60, 3, F64, F64, F64, 1, F64]);
  const functions = section(3, [1, 0]);
  const exports = section(7, [1, ...name('clamp'), 0x00, 0]);
  const body = [
    0, // no locals
    0x20, 0, // local.get $x
    0x20, 1, // local.get $lo
    0xa5, // f64.max
    0x20, 2, // local.get $hi
    0xa4, // f64.min
    0x0b, // end
  ];
  const code = section(10, [1, body.length, ...body]);
  return new Uint8Array([...magicAndVersion, ...types, ...functions, ...exports, ...code]);
}
