import QRCode from 'qrcode';
import { encodeGreyscalePng } from './png';

const SIZE = 256;
const QUIET_ZONE = 2;

/** A 256×256 PNG QR code of `text` as a data URI. */
export function qrCodeDataUri(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor(SIZE / cells);
  const offset = Math.floor((SIZE - scale * cells) / 2) + QUIET_ZONE * scale;
  const png = encodeGreyscalePng(SIZE, SIZE, (x, y) => {
    const col = Math.floor((x - offset) / scale);
    const row = Math.floor((y - offset) / scale);
    if (x < offset || y < offset || col >= modules.size || row >= modules.size) return false;
    return modules.data[row * modules.size + col] === 1;
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
