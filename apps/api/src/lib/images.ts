import type { Readable } from 'node:stream';
import type SharpModule from 'sharp';
import { fileTypeFromFile } from 'file-type';
import { trimMemorySoon } from './memory-trim.ts';

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
type Sharp = typeof SharpModule;

export type ProcessedImage = {
  contentType: string;
  extension: string;
  width: number;
  height: number;
  /** Bytes written. */
  size: number;
};

/** Why a file is not stored: not a picture of an accepted format, or not decodable. */
export class ImageRejectedError extends Error {}

/** Decoding more pixels than this is refused (a small file can declare a huge picture). */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMB_SIZE = 160;

let loaded: Promise<Sharp> | undefined;

/**
 * Loaded on the first picture: an ordinary start does not pay for the image library. One libvips
 * thread per picture (the work limiter decides how many pictures at once), and no cache of
 * decoded pictures between jobs: a picture's memory is given back when its job ends.
 */
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

async function detect(input: string): Promise<Format> {
  const type = await fileTypeFromFile(input);
  const format = type ? FORMATS[type.mime as keyof typeof FORMATS] : undefined;
  if (!format) throw new ImageRejectedError(`not an accepted picture (${type?.mime ?? 'unknown'})`);
  return format;
}

/**
 * Decodes the picture in the file `input` and encodes it anew into the file `output`, in its own
 * format: the stored bytes are only what the image library wrote, so metadata (EXIF with GPS
 * position, comments) and anything appended to or hidden in the original (polyglot files) are
 * gone. The picture is turned upright by its EXIF orientation and scaled down to at most
 * `maxDimension` pixels on its longer side. Both files are read and written by the image library
 * on its own thread: neither the picture's bytes nor its pixels pass through the JavaScript heap.
 */
export async function processImage(
  input: string,
  output: string,
  options: { maxDimension: number },
): Promise<ProcessedImage> {
  const format = await detect(input);
  const sharp = await loadSharp();
  try {
    const image = sharp(input, {
      animated: format.animated,
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    });
    const metadata = await image.metadata();
    if (metadata.format !== format.format) {
      throw new ImageRejectedError(`content is ${metadata.format}, not ${format.format}`);
    }
    let pipeline = format.animated ? image : image.rotate();
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
    const info = await pipeline.toFile(output);
    return {
      contentType: format.contentType,
      extension: format.extension,
      width: info.width,
      height: info.pageHeight ?? info.height,
      size: info.size,
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(`cannot be decoded: ${(error as Error).message}`);
  } finally {
    // The picture's pixels were freed in the image library's thread: hand them back now.
    trimMemorySoon();
  }
}

/**
 * A small square JPEG of a stored picture, for the user menu (SPEC 7 "thumb flag"): read from
 * `input` (a stream of the stored picture, taken in by the image library), written to `output`.
 */
export async function makeThumbnail(input: Readable, output: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const transformer = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true });
  input.on('error', (error) => transformer.destroy(error));
  const info = await input.pipe(transformer).toFile(output);
  return {
    contentType: 'image/jpeg',
    extension: 'jpg',
    width: info.width,
    height: info.height,
    size: info.size,
  };
}
