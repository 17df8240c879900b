// Each component from its own package, not the @react-email/components barrel: the barrel also loads
// Tailwind and the code block's Prism (~14 MB of heap a process keeps after its first mail; decision 048).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type ComponentType, createElement as h, type ReactNode } from 'react';
import { type MailBlock, mailBlocks } from './mail-blocks.js';

/**
 * The HTML part of every mail (decision 035), drawn with React Email from the blocks of its plain text
 * (mail-blocks.ts): the brand's colours and wordmark, one column of at most 600 px for a phone, facts as
 * a table (a receipt's amount, fee, date and reference), links as buttons, what a person typed as a
 * quoted box (user-text.ts), and colours that hold in a mail app's dark mode. The web app's palette (apps/web/src/app/theme.ts).
 */
const BRAND = {
  orange: '#f28a3d',
  teal: '#4e8381',
  yellow: '#fbbd51',
  ink: '#1f2328',
  muted: '#5b6470',
  paper: '#ffffff',
  page: '#f6f3ee',
};

const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .pp-page { background: #15181c !important; }
    .pp-card { background: #22262b !important; border-color: #343a41 !important; }
    .pp-quote { background: #15181c !important; }
    .pp-text, .pp-fact-value { color: #eceff2 !important; }
    .pp-muted, .pp-fact-label { color: #a9b1ba !important; }
  }`;

/** React Email's Row, typed for children given as createElement's arguments. */
const TableRow = Row as ComponentType<{ children?: ReactNode }>;

const URL_IN_TEXT = /(https?:\/\/[^\s)]+)/g;

/** A line with its links made links. */
function linked(line: string): ReactNode[] {
  return line
    .split(URL_IN_TEXT)
    .map((part, i) =>
      URL_IN_TEXT.test(part) || /^https?:\/\//.test(part)
        ? h(Link, { key: i, href: part, style: { color: BRAND.teal, wordBreak: 'break-all' } }, part)
        : part,
    );
}

const text = { fontSize: '16px', lineHeight: '24px', color: BRAND.ink, margin: '0 0 16px' };

function block(b: MailBlock, i: number): ReactNode {
  switch (b.kind) {
    case 'paragraph':
      return h(
        Text,
        { key: i, className: 'pp-text', style: text },
        ...b.lines.flatMap((line, j) => (j === 0 ? linked(line) : [h('br', { key: `br${j}` }), ...linked(line)])),
      );
    case 'facts':
      return h(
        Section,
        { key: i, style: { margin: '0 0 16px', borderTop: `1px solid #e6e1d8`, borderBottom: `1px solid #e6e1d8` } },
        ...b.rows.map((row, j) =>
          h(
            TableRow,
            { key: j },
            h(
              Column,
              {
                key: 'label',
                className: 'pp-fact-label',
                style: {
                  padding: '8px 12px 8px 0',
                  color: BRAND.muted,
                  fontSize: '14px',
                  verticalAlign: 'top',
                  width: '45%',
                },
              },
              row.label,
            ),
            h(
              Column,
              {
                key: 'value',
                className: 'pp-fact-value',
                style: {
                  padding: '8px 0',
                  color: BRAND.ink,
                  fontSize: '15px',
                  fontWeight: 600,
                  verticalAlign: 'top',
                  wordBreak: 'break-word',
                },
              },
              ...linked(row.value),
            ),
          ),
        ),
      );
    case 'action':
      return h(
        Section,
        { key: i, style: { margin: '0 0 20px' } },
        h(
          Button,
          {
            href: b.url,
            style: {
              background: BRAND.orange,
              color: '#1f2328',
              borderRadius: '8px',
              padding: '12px 20px',
              fontWeight: 700,
              fontSize: '15px',
            },
          },
          shortUrl(b.url),
        ),
        h(
          Text,
          {
            className: 'pp-muted',
            style: {
              fontSize: '12px',
              lineHeight: '18px',
              color: BRAND.muted,
              margin: '8px 0 0',
              wordBreak: 'break-all',
            },
          },
          b.url,
        ),
      );
    case 'quote':
      // What a person typed (decision 064): its own box, text only — never a link, a fact or a button.
      return h(
        Section,
        {
          key: i,
          className: 'pp-quote',
          style: {
            margin: '0 0 16px',
            padding: '12px 16px',
            background: BRAND.page,
            borderLeft: `4px solid ${BRAND.yellow}`,
            borderRadius: '4px',
          },
        },
        h(
          Text,
          {
            className: 'pp-text',
            style: { ...text, margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
          },
          ...b.lines.flatMap((line, j) => (j === 0 ? [line] : [h('br', { key: `br${j}` }), line])),
        ),
      );
    case 'signoff':
      return h(
        Text,
        { key: i, className: 'pp-text', style: { ...text, margin: '8px 0 0' } },
        ...b.lines.flatMap((line, j) => (j === 0 ? [line] : [h('br', { key: `br${j}` }), line])),
      );
  }
}

/** The button's text: where it leads, short ("podpot.nl/reset-password →"). */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.length > 32 ? `${u.pathname.slice(0, 31)}…` : u.pathname;
    return `${u.host}${path === '/' ? '' : path} →`;
  } catch {
    return url;
  }
}

/** The HTML part of a mail whose plain text is `text`; `brand` names the sender in the header. */
export async function mailHtml(mail: { subject: string; text: string; brand: string }): Promise<string> {
  const blocks = mailBlocks(mail.text);
  const preview = blocks.find((b) => b.kind === 'paragraph' && b.lines.join(' ').length > 12);
  const element = h(
    Html,
    // The mail's language is not known here: an empty lang says so, rather than a wrong "en".
    { lang: '' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, mail.subject),
      h('style', null, DARK_MODE),
    ),
    preview && preview.kind === 'paragraph' ? h(Preview, null, preview.lines.join(' ')) : null,
    h(
      Body,
      {
        className: 'pp-page',
        style: { background: BRAND.page, margin: 0, padding: '24px 0', fontFamily: 'Helvetica, Arial, sans-serif' },
      },
      h(
        Container,
        { style: { maxWidth: '600px', width: '100%', padding: '0 12px' } },
        h(
          Section,
          { style: { padding: '4px 8px 16px' } },
          h(
            Text,
            { style: { margin: 0, fontSize: '22px', fontWeight: 800, color: BRAND.orange, letterSpacing: '-0.3px' } },
            h('span', {
              style: {
                display: 'inline-block',
                width: '14px',
                height: '14px',
                borderRadius: '7px',
                background: BRAND.orange,
                border: `3px solid ${BRAND.yellow}`,
                marginRight: '8px',
                verticalAlign: '-1px',
              },
            }),
            mail.brand,
          ),
        ),
        h(
          Section,
          {
            className: 'pp-card',
            style: {
              background: BRAND.paper,
              border: '1px solid #e6e1d8',
              borderRadius: '12px',
              padding: '24px',
              borderTop: `4px solid ${BRAND.teal}`,
            },
          },
          ...blocks.map(block),
        ),
        h(Hr, { style: { borderColor: 'transparent', margin: '8px 0' } }),
        h(
          Text,
          {
            className: 'pp-muted',
            style: { fontSize: '12px', lineHeight: '18px', color: BRAND.muted, textAlign: 'center', margin: 0 },
          },
          mail.brand,
        ),
      ),
    ),
  );
  return render(element);
}
