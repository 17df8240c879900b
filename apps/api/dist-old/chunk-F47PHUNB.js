import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/mail/mail-html.ts
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text
} from "@react-email/components";
import { render } from "@react-email/render";
import { createElement as h } from "react";

// src/mail/mail-blocks.ts
var URL_ONLY = /^https?:\/\/\S+$/;
var TRAILING_URL = /^(\S.*?[?:.!])\s+(https?:\/\/\S+)$/;
var FACT = /^([^:\n]{1,60}): (\S.*)$/;
var SIGNOFF = /^(Best|Groet|Groeten|Met vriendelijke groet|Kind regards|Regards|Thanks|Bedankt),$/i;
function mailBlocks(text2) {
  const blocks = [];
  for (const chunk of text2.replace(/\r\n/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    if (SIGNOFF.test(lines[0].trim())) {
      blocks.push({ kind: "signoff", lines });
    } else if (lines.length === 1 && URL_ONLY.test(lines[0].trim())) {
      blocks.push({ kind: "action", url: lines[0].trim() });
    } else if (lines.every((line) => FACT.test(line) && !URL_ONLY.test(line.trim()))) {
      blocks.push({
        kind: "facts",
        rows: lines.map((line) => {
          const [, label, value] = FACT.exec(line);
          return { label, value };
        })
      });
    } else if (lines.length >= 2 && URL_ONLY.test(lines.at(-1).trim())) {
      blocks.push({ kind: "paragraph", lines: lines.slice(0, -1) });
      blocks.push({ kind: "action", url: lines.at(-1).trim() });
    } else if (TRAILING_URL.test(lines.at(-1))) {
      const [, lead, url] = TRAILING_URL.exec(lines.at(-1));
      blocks.push({ kind: "paragraph", lines: [...lines.slice(0, -1), lead] });
      blocks.push({ kind: "action", url });
    } else {
      blocks.push({ kind: "paragraph", lines });
    }
  }
  return blocks;
}
__name(mailBlocks, "mailBlocks");

// src/mail/mail-html.ts
var BRAND = {
  orange: "#f28a3d",
  teal: "#4e8381",
  yellow: "#fbbd51",
  ink: "#1f2328",
  muted: "#5b6470",
  paper: "#ffffff",
  page: "#f6f3ee"
};
var DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .pp-page { background: #15181c !important; }
    .pp-card { background: #22262b !important; border-color: #343a41 !important; }
    .pp-text, .pp-fact-value { color: #eceff2 !important; }
    .pp-muted, .pp-fact-label { color: #a9b1ba !important; }
  }`;
var TableRow = Row;
var URL_IN_TEXT = /(https?:\/\/[^\s)]+)/g;
function linked(line) {
  return line.split(URL_IN_TEXT).map(
    (part, i) => URL_IN_TEXT.test(part) || /^https?:\/\//.test(part) ? h(Link, { key: i, href: part, style: { color: BRAND.teal, wordBreak: "break-all" } }, part) : part
  );
}
__name(linked, "linked");
var text = { fontSize: "16px", lineHeight: "24px", color: BRAND.ink, margin: "0 0 16px" };
function block(b, i) {
  switch (b.kind) {
    case "paragraph":
      return h(
        Text,
        { key: i, className: "pp-text", style: text },
        ...b.lines.flatMap((line, j) => j === 0 ? linked(line) : [h("br", { key: `br${j}` }), ...linked(line)])
      );
    case "facts":
      return h(
        Section,
        { key: i, style: { margin: "0 0 16px", borderTop: `1px solid #e6e1d8`, borderBottom: `1px solid #e6e1d8` } },
        ...b.rows.map(
          (row, j) => h(
            TableRow,
            { key: j },
            h(
              Column,
              {
                key: "label",
                className: "pp-fact-label",
                style: {
                  padding: "8px 12px 8px 0",
                  color: BRAND.muted,
                  fontSize: "14px",
                  verticalAlign: "top",
                  width: "45%"
                }
              },
              row.label
            ),
            h(
              Column,
              {
                key: "value",
                className: "pp-fact-value",
                style: {
                  padding: "8px 0",
                  color: BRAND.ink,
                  fontSize: "15px",
                  fontWeight: 600,
                  verticalAlign: "top",
                  wordBreak: "break-word"
                }
              },
              ...linked(row.value)
            )
          )
        )
      );
    case "action":
      return h(
        Section,
        { key: i, style: { margin: "0 0 20px" } },
        h(
          Button,
          {
            href: b.url,
            style: {
              background: BRAND.orange,
              color: "#1f2328",
              borderRadius: "8px",
              padding: "12px 20px",
              fontWeight: 700,
              fontSize: "15px"
            }
          },
          shortUrl(b.url)
        ),
        h(
          Text,
          {
            className: "pp-muted",
            style: {
              fontSize: "12px",
              lineHeight: "18px",
              color: BRAND.muted,
              margin: "8px 0 0",
              wordBreak: "break-all"
            }
          },
          b.url
        )
      );
    case "signoff":
      return h(
        Text,
        { key: i, className: "pp-text", style: { ...text, margin: "8px 0 0" } },
        ...b.lines.flatMap((line, j) => j === 0 ? [line] : [h("br", { key: `br${j}` }), line])
      );
  }
}
__name(block, "block");
function shortUrl(url) {
  try {
    const u = new URL(url);
    const path = u.pathname.length > 32 ? `${u.pathname.slice(0, 31)}\u2026` : u.pathname;
    return `${u.host}${path === "/" ? "" : path} \u2192`;
  } catch {
    return url;
  }
}
__name(shortUrl, "shortUrl");
async function mailHtml(mail) {
  const blocks = mailBlocks(mail.text);
  const preview = blocks.find((b) => b.kind === "paragraph" && b.lines.join(" ").length > 12);
  const element = h(
    Html,
    // The mail's language is not known here: an empty lang says so, rather than a wrong "en".
    { lang: "" },
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, mail.subject),
      h("style", null, DARK_MODE)
    ),
    preview && preview.kind === "paragraph" ? h(Preview, null, preview.lines.join(" ")) : null,
    h(
      Body,
      {
        className: "pp-page",
        style: { background: BRAND.page, margin: 0, padding: "24px 0", fontFamily: "Helvetica, Arial, sans-serif" }
      },
      h(
        Container,
        { style: { maxWidth: "600px", width: "100%", padding: "0 12px" } },
        h(
          Section,
          { style: { padding: "4px 8px 16px" } },
          h(
            Text,
            { style: { margin: 0, fontSize: "22px", fontWeight: 800, color: BRAND.orange, letterSpacing: "-0.3px" } },
            h("span", {
              style: {
                display: "inline-block",
                width: "14px",
                height: "14px",
                borderRadius: "7px",
                background: BRAND.orange,
                border: `3px solid ${BRAND.yellow}`,
                marginRight: "8px",
                verticalAlign: "-1px"
              }
            }),
            mail.brand
          )
        ),
        h(
          Section,
          {
            className: "pp-card",
            style: {
              background: BRAND.paper,
              border: "1px solid #e6e1d8",
              borderRadius: "12px",
              padding: "24px",
              borderTop: `4px solid ${BRAND.teal}`
            }
          },
          ...blocks.map(block)
        ),
        h(Hr, { style: { borderColor: "transparent", margin: "8px 0" } }),
        h(
          Text,
          {
            className: "pp-muted",
            style: { fontSize: "12px", lineHeight: "18px", color: BRAND.muted, textAlign: "center", margin: 0 }
          },
          mail.brand
        )
      )
    )
  );
  return render(element);
}
__name(mailHtml, "mailHtml");

export {
  mailHtml
};
//# sourceMappingURL=chunk-F47PHUNB.js.map
