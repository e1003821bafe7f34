/**
 * The staff area's CSS, one block: each component's own file (a folder each, markup and CSS
 * together, as govuk-frontend keeps them) and the pages' layout (features/staff/staff.css). The
 * staff layout route hands it to the root layout, which writes it inline; the public pages never
 * carry it.
 */
import staffPages from "../../features/staff/staff.css?inline";
import button from "./button/button.css?inline";
import dateInput from "./date-input/date-input.css?inline";
import field from "./field/field.css?inline";
import fileInput from "./file-input/file-input.css?inline";
import noticeBanner from "./notice-banner/notice-banner.css?inline";
import select from "./select/select.css?inline";
import summaryList from "./summary-list/summary-list.css?inline";
import table from "./table/table.css?inline";
import tag from "./tag/tag.css?inline";
import textarea from "./textarea/textarea.css?inline";

export const staffStyles = [
  field,
  select,
  dateInput,
  textarea,
  fileInput,
  button,
  summaryList,
  table,
  tag,
  noticeBanner,
  staffPages,
].join("\n");
