import { applySavedLowVision } from "./apply-saved-settings.ts";
import { enhanceLowVisionPanel } from "./low-vision-panel-script.ts";
import { lowVisionSettings, lowVisionSpec, lowVisionTexts } from "./low-vision-settings.ts";

// Both scripts are the same bytes on every page: no per-page or per-request content, so a
// content-security policy can allow them by hash. `<` is escaped so no value can end the element.
const specJson = JSON.stringify(lowVisionSpec).replace(/</g, "\\u003c");
const lowVisionHeadScript = `(${applySavedLowVision.toString()})(${specJson});`;
const panelScript = `(${enhanceLowVisionPanel.toString()})(${specJson});`;

/** The early script of <head>: applies saved settings before the body paints. */
export function LowVisionHeadScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled function, spec escaped
  return <script dangerouslySetInnerHTML={{ __html: lowVisionHeadScript }} />;
}

/**
 * The 'Версия для слабовидящих' strip above the top bar and its settings panel. Static markup with
 * a small inline script: without JavaScript the strip stays hidden (CSS shows it only once the
 * head script has marked <html>), and the site is the normal one.
 */
export function LowVisionControl() {
  return (
    <div className="lv">
      <div className="lv-bar">
        <button type="button" className="lv-toggle" aria-expanded="false" aria-controls="lv-panel">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3.5" fill="currentColor" />
          </svg>
          <span>{lowVisionTexts.toggle}</span>
        </button>
      </div>
      <section id="lv-panel" className="lv-panel" aria-labelledby="lv-panel-title" hidden>
        <h2 id="lv-panel-title" className="lv-panel__title" tabIndex={-1}>
          {lowVisionTexts.panelTitle}
        </h2>
        <div className="lv-panel__groups">
          {lowVisionSettings.map((setting) => (
            <fieldset key={setting.key} className="lv-panel__group">
              <legend>{setting.legend}</legend>
              {setting.options.map((option) => (
                <label key={option.value} className="lv-panel__option">
                  <input type="radio" name={`lv-${setting.key}`} value={option.value} />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <div className="lv-panel__actions">
          <button type="button" data-lv-action="reset">
            {lowVisionTexts.reset}
          </button>
          <button type="button" data-lv-action="normal">
            {lowVisionTexts.normal}
          </button>
          <button type="button" data-lv-action="close">
            {lowVisionTexts.close}
          </button>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled function, spec escaped */}
      <script dangerouslySetInnerHTML={{ __html: panelScript }} />
    </div>
  );
}
