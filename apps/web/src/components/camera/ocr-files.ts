/**
 * Where the build puts Tesseract's English trained data, taken from the npm package
 * @tesseract.js-data/eng, and where the OCR worker fetches it. The full models (10.9 MB), not the
 * LSTM-only ones (2.9 MB): only the classic engine they carry reads OCR-B's `<` filler runs (the
 * LSTM reads `<<<<` as `KLKL`), see passport-zone-reader.ts.
 */
export const OCR_TRAINED_DATA = {
  source: '@tesseract.js-data/eng/4.0.0/eng.traineddata.gz',
  directory: '/assets/ocr/eng-4.0.0',
} as const;
