import { notFoundTitle, siteTitleSuffix } from "../../content/site-pages.ts";

export const meta = () => [
  { title: `${notFoundTitle} — ${siteTitleSuffix}` },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return (
    <div className="page">
      <h1>{notFoundTitle}</h1>
      <p>
        Возможно, адрес набран с ошибкой или страница была перенесена. Начните с{" "}
        <a href="/">главной страницы</a> или воспользуйтесь меню.
      </p>
    </div>
  );
}
