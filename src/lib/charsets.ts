/**
 * Turning an uploaded file's bytes into text in the charset it was written in. A file
 * that is valid UTF-8 is read as UTF-8; anything else as Windows-1252, which is what
 * spreadsheets on Windows save as "CSV" in Western Europe and the Americas (a superset of
 * Latin-1 for printable text), unless the uploader names the charset. A UTF-8 byte order
 * mark is dropped, whatever the charset.
 *
 * Windows-1252 is decoded here rather than by TextDecoder: Node releases since 20.18.3
 * and 22.13 decode it as Latin-1, which turns 0x80-0x9F (€, „, “, ’, …) into control
 * characters.
 */

export const UTF8 = 'utf-8';
export const WINDOWS_1252 = 'windows-1252';

/** Windows-1252's bytes 0x80-0x9F, in order (the WHATWG index); its other bytes are their Latin-1 code points. */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The WHATWG name of a charset label (`latin1`, `ISO-8859-1` and `cp1252` all name
 * `windows-1252`), or undefined when no decoder knows the label.
 */
export function charsetNamed(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** Text of a byte stream, piece by piece: a character split between two pieces comes out whole. */
export interface StreamDecoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

/** A decoder for a charset charsetNamed answered. */
export function streamDecoder(charset: string): StreamDecoder {
  let first = true;
  const decode: StreamDecoder =
    charset === WINDOWS_1252
      ? {
          write: (bytes) =>
            Buffer.from(bytes)
              .toString('latin1')
              .replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!),
          end: () => '',
        }
      : textDecoderStream(charset);
  return {
    write(bytes) {
      if (first) {
        first = false;
        if (UTF8_BOM.every((b, i) => bytes[i] === b)) return decode.write(bytes.subarray(UTF8_BOM.length));
      }
      return decode.write(bytes);
    },
    end: () => decode.end(),
  };
}

function textDecoderStream(charset: string): StreamDecoder {
  // ignoreBOM: the UTF-8 mark is dropped above for every charset alike.
  const decoder = new TextDecoder(charset, { ignoreBOM: true });
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/** Whether a byte stream, seen piece by piece, is valid UTF-8 (a sequence split between pieces is fine). */
export class Utf8Check {
  private readonly decoder = new TextDecoder(UTF8, { fatal: true });
  private valid = true;

  write(bytes: Uint8Array): void {
    if (!this.valid) return;
    try {
      this.decoder.decode(bytes, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  /** The verdict, once every piece was written. */
  end(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
