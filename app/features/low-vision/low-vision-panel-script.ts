import type { LowVisionSpec } from "./low-vision-settings.ts";

/**
 * The settings panel's behaviour, sent as a static inline script after the panel's markup (like
 * the land map's toggle) instead of a hydrated React component: content pages load no framework.
 * Self-contained: no imports, nothing from outside its parameter.
 *
 * The toggle is a disclosure button (aria-expanded, aria-controls). Opening it switches the site
 * to the version for the visually impaired (saved settings, or the defaults) and moves focus to
 * the panel's title; each radio applies at once and is saved in localStorage; Escape or 'Закрыть
 * настройки' close the panel and return focus to the toggle; 'Обычная версия' forgets the
 * settings; 'Сбросить настройки' goes back to the defaults. Another tab's change is followed.
 */
export function enhanceLowVisionPanel(spec: LowVisionSpec): void {
  const root = document.documentElement;
  const toggle = document.querySelector<HTMLButtonElement>(".lv-toggle");
  const panel = document.getElementById("lv-panel");
  const title = document.getElementById("lv-panel-title");
  if (!toggle || !panel || !title) return;

  type Values = Record<string, string>;
  const defaults = (): Values =>
    Object.fromEntries(spec.settings.map(({ key, values }) => [key, values[0] ?? ""]));
  const saved = (): Values | null => {
    try {
      const value = JSON.parse(localStorage.getItem(spec.storageKey) ?? "null");
      if (!value || typeof value !== "object") return null;
      const result = defaults();
      for (const { key, values } of spec.settings) {
        if (values.includes(value[key])) result[key] = value[key];
      }
      return result;
    } catch {
      return null;
    }
  };
  const show = (values: Values | null) => {
    root.toggleAttribute("data-lv", values !== null);
    for (const { key } of spec.settings) {
      if (values) root.setAttribute(`data-lv-${key}`, values[key] ?? "");
      else root.removeAttribute(`data-lv-${key}`);
    }
    const checked = values ?? defaults();
    for (const input of panel.querySelectorAll<HTMLInputElement>("input[type=radio]")) {
      input.checked = checked[input.name.replace(/^lv-/, "")] === input.value;
    }
  };
  const save = (values: Values | null) => {
    try {
      if (values) localStorage.setItem(spec.storageKey, JSON.stringify(values));
      else localStorage.removeItem(spec.storageKey);
    } catch {
      // No storage: the choice holds for this page only.
    }
    show(values);
  };
  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    (open ? title : toggle).focus();
  };

  toggle.addEventListener("click", () => {
    if (!panel.hidden) return setOpen(false);
    if (!root.hasAttribute("data-lv")) save(saved() ?? defaults());
    setOpen(true);
  });
  panel.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
    save({ ...(saved() ?? defaults()), [input.name.replace(/^lv-/, "")]: input.value });
  });
  panel.addEventListener("click", (event) => {
    const action = (event.target as Element)
      .closest("[data-lv-action]")
      ?.getAttribute("data-lv-action");
    if (action === "reset") save(defaults());
    if (action === "normal") save(null);
    if (action === "normal" || action === "close") setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) setOpen(false);
  });
  window.addEventListener("storage", (event) => {
    if (event.key === spec.storageKey) show(saved());
  });
  show(root.hasAttribute("data-lv") ? saved() : null);
}
