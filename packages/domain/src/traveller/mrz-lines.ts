/**
 * The lines of a machine-readable zone as a reader types them, read without the `mrz` package:
 * the issue form tells a zone still being typed from one to read as the keys arrive, and loads the
 * reading itself (mrz.rules.ts) only when a scan is read.
 */

const SHAPES: Record<number, { lines: number; length: number }> = {
  88: { lines: 2, length: 44 },
  90: { lines: 3, length: 30 },
  72: { lines: 2, length: 36 },
};

/** The lines typed, in capitals, without spaces, empty ones dropped. */
function typedLines(input: string): string[] {
  return input
    .toUpperCase()
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line !== '');
}

/** How many lines a zone has, by the width of its lines (TD1 30, TD2 36, TD3 44). */
const LINES_BY_WIDTH: Record<number, number> = { 30: 3, 36: 2, 44: 2 };

/**
 * Whether the input is the first lines of a zone whose last line is still to come: a reader
 * types each line followed by Enter, so Enter after these waits for the next line rather than
 * reading the scan.
 */
export function isPartialMrz(input: string): boolean {
  const lines = typedLines(input);
  const width = lines[0]?.length ?? 0;
  const expected = LINES_BY_WIDTH[width] ?? 0;
  return (
    lines.length > 0 &&
    lines.length < expected &&
    lines.every((line) => line.length === width && /^[A-Z0-9<]+$/.test(line))
  );
}

/** The zone's lines as the reader typed or the clerk pasted them; null when not a zone's shape. */
export function mrzLines(input: string): string[] | null {
  let lines = typedLines(input);
  if (lines.length === 1) {
    const shape = SHAPES[lines[0]?.length ?? 0];
    if (!shape) return null;
    const single = lines[0] ?? '';
    lines = Array.from({ length: shape.lines }, (_, i) =>
      single.slice(i * shape.length, (i + 1) * shape.length),
    );
  }
  const width = lines[0]?.length ?? 0;
  const fits =
    (lines.length === 2 && (width === 44 || width === 36)) || (lines.length === 3 && width === 30);
  if (!fits || lines.some((line) => line.length !== width || !/^[A-Z0-9<]+$/.test(line))) {
    return null;
  }
  return lines;
}
