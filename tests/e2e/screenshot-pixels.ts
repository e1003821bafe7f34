import type { Page } from "playwright-core";

/**
 * The share of a screenshot's pixels within `tolerance` of a colour, read by drawing the PNG on a
 * canvas in a blank page of the same browser (no image library needed).
 */
export async function shareOfColour(
  page: Page,
  png: Buffer,
  colour: readonly [number, number, number],
  tolerance = 16,
): Promise<number> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ data, colour, tolerance }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no canvas");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height).data;
        let matching = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          if (
            Math.abs((pixels[i] ?? 0) - colour[0]) <= tolerance &&
            Math.abs((pixels[i + 1] ?? 0) - colour[1]) <= tolerance &&
            Math.abs((pixels[i + 2] ?? 0) - colour[2]) <= tolerance
          ) {
            matching++;
          }
        }
        return matching / (pixels.length / 4);
      },
      { data: png.toString("base64"), colour, tolerance },
    );
  } finally {
    await blank.close();
  }
}
