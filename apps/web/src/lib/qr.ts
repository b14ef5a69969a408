/*
 * QR rendering. Imported only with import() (the generator's result panel, the tracking-link
 * QR dialog), so the encoder stays out of every bundle until someone asks for a QR code.
 */
import { toDataURL, toString } from 'qrcode';

export interface QrImages {
  /** PNG as a data: URL (shown and downloaded). */
  pngUrl: string;
  /** SVG as a data: URL (downloaded). */
  svgUrl: string;
}

/** The text does not fit in a QR code (about 2,300 characters of link at level L). */
export class QrTooLongError extends Error {
  override name = 'QrTooLongError';
}

const PNG_SIZE = 512;

async function render(text: string, errorCorrectionLevel: 'M' | 'L'): Promise<QrImages> {
  const options = { errorCorrectionLevel, margin: 4, color: { dark: '#000000', light: '#ffffff' } };
  const [pngUrl, svg] = await Promise.all([
    toDataURL(text, { ...options, width: PNG_SIZE }),
    toString(text, { ...options, type: 'svg' }),
  ]);
  return { pngUrl, svgUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}

const isTooBig = (err: unknown) => err instanceof Error && /too big/i.test(err.message);

/**
 * Renders `text` as a QR code: error correction M (survives a little damage), falling back to
 * L for long links. Throws QrTooLongError when even L cannot hold it.
 */
export async function renderQr(text: string): Promise<QrImages> {
  try {
    return await render(text, 'M');
  } catch (err) {
    if (!isTooBig(err)) throw err;
  }
  try {
    return await render(text, 'L');
  } catch (err) {
    if (isTooBig(err)) throw new QrTooLongError('This link is too long for a QR code.');
    throw err;
  }
}
