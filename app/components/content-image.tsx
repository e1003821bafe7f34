import type { Image } from "../../content/schema.ts";

/**
 * An image from content/: its own size (no layout shift when it arrives) and lazy loading (every
 * content image sits below the first screen).
 */
export function ContentImage({ image }: { image: Image }) {
  return (
    <>
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
      {/* Shown in the image's place when the version for the visually impaired hides images; the
          image's alt stays what screen readers read, so this copy is hidden from them. */}
      {image.alt ? (
        <span className="lv-alt" aria-hidden="true">
          {image.alt}
        </span>
      ) : null}
    </>
  );
}
