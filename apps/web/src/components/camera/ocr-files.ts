/**
 * Where the build puts Tesseract's English trained data (LSTM, integer "best" models: 2.9 MB),
 * taken from the npm package @tesseract.js-data/eng, and where the OCR worker fetches it.
 */
export const OCR_TRAINED_DATA = {
  source: '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  directory: '/assets/ocr/eng-4.0.0_best_int',
} as const;
