import type { SampleContent } from "./sample-model.ts";
import { escapeXml } from "./xml.ts";

/** Title and author as office suites show them in the file's properties. */
export function corePropertiesXml(content: SampleContent): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(content.title)}</dc:title><dc:creator>${escapeXml(content.organisation)}</dc:creator><dc:description>${escapeXml(content.notice)}</dc:description><dc:language>ru-RU</dc:language><dcterms:created xsi:type="dcterms:W3CDTF">2025-01-01T00:00:00Z</dcterms:created></cp:coreProperties>`;
}
