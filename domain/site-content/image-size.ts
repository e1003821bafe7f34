/**
 * The width and height of an uploaded picture (JPEG, PNG, WebP), read from its header by
 * `image-size` (pure bytes, no Node, no DOM), so a page can give `<img>` its width and height and
 * keep its layout still while it loads (CLS 0, decision 0040); and the largest picture the site
 * takes (issue 40): a 2.6 MB PNG declaring 30000 × 30000 points is 3.6 GB once a browser decodes
 * it, and was published as `<img width="30000" height="30000">`.
 */
import { imageSize } from "image-size";

export type ImageSize = { width: number; height: number };

/**
 * The largest picture decoded, in points: a side, and all of them (40 megapixels, 160 MB as a
 * browser holds it, four bytes a point). A camera's photo (24 MP, 6000 × 4000) passes; a scan
 * of a chart at 600 dpi on A3 (7000 × 9900) does not, and is better made smaller for a page.
 */
export const pictureLimits = { maxSide: 8000, maxPixels: 40_000_000 } as const;

/** The type `image-size` names for each picture format of the site (site-files.ts). */
const pictureTypes: Record<string, string> = { PNG: "png", JPEG: "jpg", WEBP: "webp" };

/** The size from the header; undefined when it cannot be read or is not of this format. */
export function imageSizeOf(format: string, bytes: Uint8Array): ImageSize | undefined {
  const type = pictureTypes[format];
  if (type === undefined) return undefined;
  try {
    const { width, height, type: read } = imageSize(bytes);
    return read === type && width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    // Not a header image-size can read (truncated, damaged).
    return undefined;
  }
}

/** Why an upload of this picture is refused, in the editor's words; undefined: it is taken. */
export function pictureRefusal(
  format: string,
  bytes: Uint8Array,
  name: string,
): string | undefined {
  if (pictureTypes[format] === undefined) return undefined;
  const size = imageSizeOf(format, bytes);
  const { maxSide, maxPixels } = pictureLimits;
  if (!size) {
    return `Картинка «${name}» не принята: не удалось прочитать её размер (файл повреждён?). Сохраните её в графическом редакторе заново и загрузите снова. Ничего не сохранено.`;
  }
  if (size.width <= maxSide && size.height <= maxSide && size.width * size.height <= maxPixels) {
    return undefined;
  }
  return `Картинка «${name}» не принята: ${size.width} × ${size.height} точек, а сайт принимает не больше ${maxSide} × ${maxSide} точек и ${maxPixels / 1_000_000} мегапикселей. Уменьшите её (для страницы сайта хватит 2000 точек по длинной стороне) и загрузите снова. Ничего не сохранено.`;
}
