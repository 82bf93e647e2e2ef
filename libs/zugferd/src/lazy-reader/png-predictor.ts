import { NotReadableLazily } from './not-readable-lazily';

/** The /DecodeParms values a PNG predictor needs (PDF 32000-1, table 8). */
interface PredictorLayout {
  colors: number;
  bitsPerComponent: number;
  columns: number;
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) that each row names in its first byte. */
export function undoPngPredictor(data: Uint8Array, layout: PredictorLayout): Uint8Array {
  const bitsPerPixel = layout.colors * layout.bitsPerComponent;
  const pixelBytes = Math.max(1, Math.ceil(bitsPerPixel / 8));
  const rowBytes = Math.ceil((bitsPerPixel * layout.columns) / 8);
  // The row length comes from the file: a row longer than the data is a crafted /Columns.
  if (!(rowBytes >= 1 && rowBytes < data.length))
    throw new NotReadableLazily(`predictor rows of ${rowBytes} bytes`);
  const rowCount = Math.floor(data.length / (rowBytes + 1));
  // One zero row in front stands for "the row above" of the first row.
  const output = new Uint8Array((rowCount + 1) * rowBytes);
  for (let row = 0; row < rowCount; row++) {
    const filter = data[row * (rowBytes + 1)];
    const source = row * (rowBytes + 1) + 1;
    const target = (row + 1) * rowBytes;
    const above = row * rowBytes;
    for (let index = 0; index < rowBytes; index++) {
      const left = index >= pixelBytes ? output[target + index - pixelBytes] : 0;
      const up = output[above + index];
      let prediction: number;
      switch (filter) {
        case 0:
          prediction = 0;
          break;
        case 1:
          prediction = left;
          break;
        case 2:
          prediction = up;
          break;
        case 3:
          prediction = (left + up) >> 1;
          break;
        case 4:
          prediction = paeth(left, up, index >= pixelBytes ? output[above + index - pixelBytes] : 0);
          break;
        default:
          throw new NotReadableLazily(`unknown PNG row filter ${filter}`);
      }
      output[target + index] = (data[source + index] + prediction) & 0xff;
    }
  }
  return output.subarray(rowBytes);
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
