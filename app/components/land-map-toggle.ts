export type LandMapToggleOptions = {
  enterLabel: string;
  exitLabel: string;
  enterIcon: string;
  exitIcon: string;
};

/**
 * The land map's 'На весь экран' toggle, as a few hundred bytes of browser code instead of a
 * hydrated React page (~115 KB): the page sends it as an inline script (see FullscreenMap), so it
 * must stay self-contained: no imports, nothing from outside its parameters.
 *
 * It asks the browser for fullscreen (Fullscreen API); where that is missing or refused, a CSS
 * class fixes the map over the viewport instead. Escape leaves both: the browser handles it in
 * real fullscreen, a key listener in the fallback. The button's label and aria-pressed follow.
 */
export function enhanceLandMapToggle(options: LandMapToggleOptions): void {
  const container = document.querySelector<HTMLElement>(".land-map");
  // The map's frame waits in <noscript> until the page has loaded (FullscreenMap): with
  // JavaScript on, its text is the frame's markup, our own, put in where it stands.
  const insertFrame = () => {
    const waiting = container?.querySelector("noscript");
    if (!waiting) return;
    const markup = document.createElement("template");
    markup.innerHTML = waiting.textContent ?? "";
    waiting.replaceWith(markup.content);
  };
  // After the load event and the next frame: the page has painted before the map is asked for.
  const afterFirstPaint = () => requestAnimationFrame(() => setTimeout(insertFrame));
  if (document.readyState === "complete") afterFirstPaint();
  else window.addEventListener("load", afterFirstPaint);
  const button = container?.querySelector<HTMLButtonElement>(".land-map__toggle");
  const label = button?.querySelector<HTMLElement>(".land-map__toggle-label");
  const icon = button?.querySelector("path");
  if (!container || !button || !label || !icon) return;

  let mode: "normal" | "native" | "fallback" = "normal";
  const show = (next: typeof mode) => {
    mode = next;
    const expanded = mode !== "normal";
    button.setAttribute("aria-pressed", String(expanded));
    label.textContent = expanded ? options.exitLabel : options.enterLabel;
    icon.setAttribute("d", expanded ? options.exitIcon : options.enterIcon);
    container.classList.toggle("land-map--fallback", mode === "fallback");
    // The fallback covers the viewport: the page under it must not scroll.
    document.documentElement.classList.toggle("has-fullscreen-map", mode === "fallback");
  };

  document.addEventListener("fullscreenchange", () => {
    if (document.fullscreenElement === container) show("native");
    else if (mode === "native") show("normal");
  });
  const leave = () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => show("normal"));
    else show("normal");
  };
  // Browsers leave real fullscreen on Escape themselves; this also covers those that pass the
  // key to the page (and headless ones), and the fallback, which is ours alone.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && mode !== "normal") leave();
  });
  button.addEventListener("click", async () => {
    if (mode !== "normal") {
      leave();
      return;
    }
    if (document.fullscreenEnabled && typeof container.requestFullscreen === "function") {
      try {
        await container.requestFullscreen();
        return;
      } catch {
        // Refused (a policy, an old engine): the CSS fallback below.
      }
    }
    show("fallback");
  });
  // Only now can the button work: until this ran it was hidden (no JavaScript, no toggle).
  button.hidden = false;
}
