import { posWidgetTexts } from "../../content/pos-widget.ts";

/** The Gosuslugi feedback platform (ПОС): its host, allowed by the CSP of /appeals only. */
export const posWidgetOrigin = "https://pos.gosuslugi.ru";

/**
 * Where the block goes: an empty element the appeals page renders above its form, outside the
 * form's island (app/routes/appeals.tsx), so the server may fill it.
 */
export const posWidgetSlot = '<div class="pos-widget-slot"></div>';

/**
 * Starts the widget once the platform's deferred script has run. Static (the same bytes whatever
 * the organisation's id, read from data-pos-id) so a CSP can allow it by hash. When the script
 * did not load (blocked, offline) the button stays hidden and the block shows its text only.
 */
export const posWidgetStartScript = `document.addEventListener("DOMContentLoaded",function(){var w=document.getElementById("js-show-iframe-wrapper"),b=document.getElementById("js-show-iframe"),l=document.getElementById("pos-widget-link");if(!w||!b||typeof window.Widget!=="function")return;window.Widget("${posWidgetOrigin}/form",Number(w.getAttribute("data-pos-id")));b.hidden=false;if(l)l.hidden=true});`;

/** The platform's form as a page of its own, for browsers where the widget does not start. */
function posFormUrl(posWidgetId: string): string {
  return `${posWidgetOrigin}/form/?opaId=${posWidgetId}`;
}

/** The block the slot receives when POS_WIDGET_ID is set (ids are digits: nothing to escape). */
export function posWidgetBlock(posWidgetId: string): string {
  if (!/^\d+$/.test(posWidgetId)) throw new Error("POS widget id must be digits");
  return [
    '<div class="pos-widget-slot">',
    '<section class="pos-widget" aria-labelledby="pos-widget-title">',
    `<h2 id="pos-widget-title">${posWidgetTexts.title}</h2>`,
    `<p>${posWidgetTexts.text}</p>`,
    `<div id="js-show-iframe-wrapper" data-pos-id="${posWidgetId}">`,
    // The platform's cabinet says its class pos-banner-btn_2 must stay on the button.
    `<button type="button" id="js-show-iframe" class="pos-banner-btn_2 pos-widget__button" hidden>${posWidgetTexts.button}</button>`,
    "</div>",
    // Without JavaScript, or when the platform's script is blocked (the no-JS form's answer page):
    // the same form as a plain link. The start script hides it once the button works.
    `<p id="pos-widget-link"><a href="${posFormUrl(posWidgetId)}">${posWidgetTexts.link}</a></p>`,
    "</section>",
    `<script src="${posWidgetOrigin}/bin/script.min.js" defer></script>`,
    `<script>${posWidgetStartScript}</script>`,
    "</div>",
  ].join("");
}
