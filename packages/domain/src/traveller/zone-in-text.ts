import { parse } from 'mrz';
import { parseMrz, type ScanOptions } from './mrz.rules.ts';

/**
 * A machine-readable zone found in text read off a camera picture (OCR): the picture holds more
 * than the zone (the page above it, its edges), the reader breaks lines where it sees them, and
 * may read the filler '<<' as '«', put spaces inside a line, or take one character for its
 * look-alike (O and 0, Z and 2 or 7, A and 4). The zone is read as the field types want (letters in names
 * and countries, digits in dates: the `mrz` package's autocorrection), then, if a check digit
 * still disagrees, with one look-alike swapped at a time. A zone is taken only when every check
 * digit agrees: what cannot be made to agree is never handed on, the camera reads the next
 * picture instead, and the clerk compares what was read with the passport.
 */

/** The widths of a zone's lines (TD3 passports 44, TD2 36, TD1 ID cards 30) and their count. */
const ZONE_SHAPES = [
  { width: 44, lines: 2 },
  { width: 36, lines: 2 },
  { width: 30, lines: 3 },
] as const;

/** A line as a zone would hold it: capitals, no spaces, '«' as the two fillers it stands for. */
function asZoneLine(line: string): string {
  return line.toUpperCase().replace(/«/g, '<<').replace(/\s+/g, '');
}

/** The characters OCR takes for one another in a zone's type (OCR-B). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'OD',
  O: '0',
  D: '0',
  '1': 'I',
  I: '1',
  '2': 'Z',
  Z: '27',
  '7': 'Z',
  '5': 'S',
  S: '5',
  '8': 'B',
  B: '8',
  '6': 'G',
  G: '6',
  '4': 'A',
  A: '4',
};

/** The lines with letters where the fields want letters and digits where they want digits. */
function asFieldsWant(lines: string[]): string[] {
  try {
    const chars = lines.map((line) => [...line]);
    for (const detail of parse(lines, { autocorrect: true }).details) {
      for (const fix of detail.autocorrect) chars[fix.line]![fix.column] = fix.corrected;
    }
    return chars.map((line) => line.join(''));
  } catch {
    return lines;
  }
}

/** The readings of a zone worth checking, likeliest first: as read, as its fields want it, then
 * that with each look-alike swapped in turn. */
function* readingsOf(lines: string[]): Generator<string> {
  yield lines.join('\n');
  const typed = asFieldsWant(lines);
  yield typed.join('\n');
  for (const [row, line] of typed.entries()) {
    for (const [column, char] of [...line].entries()) {
      for (const other of LOOK_ALIKES[char] ?? '') {
        const swapped = [...typed];
        swapped[row] = line.slice(0, column) + other + line.slice(column + 1);
        yield swapped.join('\n');
      }
    }
  }
}

/** The zone (its lines joined by '\n') in text read off a picture, or null when none checks. */
export function findZoneInText(text: string, options: ScanOptions = {}): string | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map(asZoneLine)
    .filter((line) => /^[A-Z0-9<]{28,46}$/.test(line));
  for (const shape of ZONE_SHAPES) {
    for (let first = 0; first + shape.lines <= lines.length; first += 1) {
      const candidate = lines.slice(first, first + shape.lines);
      if (!candidate.every((line) => line.length === shape.width)) continue;
      for (const zone of readingsOf(candidate)) if (parseMrz(zone, options).ok) return zone;
    }
  }
  return null;
}
