/** A turning ring (still when the visitor asks for reduced motion); decoration only. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
