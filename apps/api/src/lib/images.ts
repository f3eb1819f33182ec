import { fileTypeFromBuffer } from 'file-type';

/** The picture formats accepted, decided by the bytes; SVG is not among them (it can carry script). */
const FORMATS = {
  'image/jpeg': { format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg', animated: false },
  'image/png': { format: 'png', extension: 'png', contentType: 'image/png', animated: false },
  // An animated PNG is kept as its first frame: browsers and sharp agree on that much.
  'image/apng': { format: 'png', extension: 'png', contentType: 'image/png', animated: false },
  'image/webp': { format: 'webp', extension: 'webp', contentType: 'image/webp', animated: true },
  'image/gif': { format: 'gif', extension: 'gif', contentType: 'image/gif', animated: true },
} as const;

type Format = (typeof FORMATS)[keyof typeof FORMATS];

export type ProcessedImage = {
  content: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
};

/** Why a file is not stored: not a picture of an accepted format, or not decodable. */
export class ImageRejectedError extends Error {}

/** Decoding more pixels than this is refused (a small file can declare a huge picture). */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMB_SIZE = 160;

// Loaded on the first upload: an ordinary start does not pay for the image library.
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  return sharp;
}

async function detect(bytes: Buffer): Promise<Format> {
  const type = await fileTypeFromBuffer(bytes);
  const format = type ? FORMATS[type.mime as keyof typeof FORMATS] : undefined;
  if (!format) throw new ImageRejectedError(`not an accepted picture (${type?.mime ?? 'unknown'})`);
  return format;
}

/**
 * Decodes a picture and encodes it anew, in its own format: the stored bytes are only what the
 * image library wrote, so metadata (EXIF with GPS position, comments) and anything appended to or
 * hidden in the original (polyglot files) are gone. The picture is turned upright by its EXIF
 * orientation and scaled down to at most `maxDimension` pixels on its longer side.
 */
export async function processImage(
  bytes: Buffer,
  options: { maxDimension: number },
): Promise<ProcessedImage> {
  const format = await detect(bytes);
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, {
      animated: format.animated,
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    });
    const metadata = await input.metadata();
    if (metadata.format !== format.format) {
      throw new ImageRejectedError(`content is ${metadata.format}, not ${format.format}`);
    }
    let pipeline = format.animated ? input : input.rotate();
    pipeline = pipeline.resize({
      width: options.maxDimension,
      height: options.maxDimension,
      fit: 'inside',
      withoutEnlargement: true,
    });
    pipeline =
      format.format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format.format === 'png'
          ? pipeline.png({ compressionLevel: 8, adaptiveFiltering: true })
          : format.format === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      content: data,
      contentType: format.contentType,
      extension: format.extension,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(`cannot be decoded: ${(error as Error).message}`);
  }
}

/** A small square JPEG of a stored picture, for the user menu (SPEC 7 "thumb flag"). */
export async function makeThumbnail(bytes: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    content: data,
    contentType: 'image/jpeg',
    extension: 'jpg',
    width: info.width,
    height: info.height,
  };
}
