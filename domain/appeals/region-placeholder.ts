/**
 * The placeholder the region select starts on (disabled, not a value). Apart from the list
 * (regions.ts): the form's island needs the placeholder and reads the list from the page.
 */
export const regionPlaceholder = "Выберите регион";
