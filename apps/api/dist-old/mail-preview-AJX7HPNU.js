import {
  adminAddedMail,
  bankAccountChangedMail,
  chargeFailedMail,
  chargeReceiptMail,
  chargebackMail,
  emailChangedMail,
  emailChangedNoticeMail,
  feedStoppedMail,
  feedVerificationMail,
  invoiceMail,
  monthlyTipEndedMail,
  newTipMail,
  passwordChangedMail,
  passwordResetMail,
  preNotificationMail,
  recurringStartedMail,
  tipReceiptMail,
  tipRefundedMail,
  twoStepOffMail
} from "./chunk-ASXZOQN2.js";
import {
  mailHtml
} from "./chunk-F47PHUNB.js";
import {
  LOCALES,
  isLocale
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/mail/samples.ts
var brand = "Podpot";
var tipjarName = "De Koffiepod";
var paidAt = new Date(Date.UTC(2026, 10, 23, 11, 5));
var manage = /* @__PURE__ */ __name((url) => `${url}/recurringtips/manage?token=sample`, "manage");
var MAIL_SAMPLES = [
  {
    name: "tip-receipt",
    mail: /* @__PURE__ */ __name((locale) => tipReceiptMail(locale, { brand, tipjarName, amount: 500, fee: 25, paidAt, reference: "tip-5f1c2a4e" }), "mail"),
    facts: {
      en: ["\u20AC5.00", "\u20AC0.25", "De Koffiepod", "tip-5f1c2a4e"],
      nl: ["\u20AC 5,00", "\u20AC 0,25", "De Koffiepod", "tip-5f1c2a4e"]
    }
  },
  {
    name: "tip-receipt-episode",
    mail: /* @__PURE__ */ __name((locale) => tipReceiptMail(locale, {
      brand,
      tipjarName,
      amount: 500,
      fee: 25,
      paidAt,
      reference: "tip-5f1c2a4e",
      episode: { title: "Koffie in Colombia", number: 42 }
    }), "mail"),
    facts: {
      en: ["\u20AC5.00", "For episode 42", "Koffie in Colombia", "tip-5f1c2a4e"],
      nl: ["\u20AC 5,00", "Voor aflevering 42", "Koffie in Colombia", "tip-5f1c2a4e"]
    }
  },
  {
    name: "new-tip",
    mail: /* @__PURE__ */ __name((locale, url) => newTipMail(locale, {
      brand,
      tipjarName,
      amount: 1e3,
      fee: 50,
      fromName: "Sanne",
      message: "Heerlijke aflevering!",
      link: `${url}/backoffice/de-koffiepod/tips`
    }), "mail"),
    facts: { en: ["\u20AC10.00", "Sanne", "Heerlijke aflevering!"], nl: ["\u20AC 10,00", "Sanne", "Heerlijke aflevering!"] }
  },
  {
    name: "tip-refunded",
    mail: /* @__PURE__ */ __name((locale) => tipRefundedMail(locale, {
      brand,
      tipjarName,
      amount: 300,
      tipAmount: 500,
      whole: false,
      reason: "Dubbel betaald",
      reference: "tip-5f1c2a4e"
    }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod", "tip-5f1c2a4e"], nl: ["\u20AC 3,00", "De Koffiepod", "tip-5f1c2a4e"] }
  },
  {
    name: "monthly-started",
    mail: /* @__PURE__ */ __name((locale, url) => recurringStartedMail(locale, {
      brand,
      tipjarName,
      manageLink: manage(url),
      amount: 300,
      fee: 15,
      chargeDay: 23,
      nextChargeAt: new Date(Date.UTC(2026, 11, 23)),
      reference: "monthly-8a2b"
    }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod", "token=sample"], nl: ["\u20AC 3,00", "De Koffiepod", "token=sample"] }
  },
  {
    name: "monthly-pre-notification",
    mail: /* @__PURE__ */ __name((locale, url) => preNotificationMail(locale, {
      brand,
      tipjarName,
      manageLink: manage(url),
      amount: 300,
      chargeAt: new Date(Date.UTC(2026, 11, 23))
    }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod", "token=sample"], nl: ["\u20AC 3,00", "De Koffiepod", "token=sample"] }
  },
  {
    name: "monthly-charge-receipt",
    mail: /* @__PURE__ */ __name((locale, url) => chargeReceiptMail(locale, {
      brand,
      tipjarName,
      manageLink: manage(url),
      amount: 300,
      fee: 15,
      period: "2026-11",
      paidAt,
      reference: "charge-77c1"
    }), "mail"),
    facts: { en: ["\u20AC3.00", "\u20AC0.15", "charge-77c1"], nl: ["\u20AC 3,00", "\u20AC 0,15", "charge-77c1"] }
  },
  {
    name: "monthly-charge-failed",
    mail: /* @__PURE__ */ __name((locale, url) => chargeFailedMail(locale, {
      brand,
      tipjarName,
      manageLink: manage(url),
      amount: 300,
      period: "2026-11",
      retryAt: new Date(Date.UTC(2026, 10, 26))
    }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod"], nl: ["\u20AC 3,00", "De Koffiepod"] }
  },
  {
    name: "monthly-chargeback",
    mail: /* @__PURE__ */ __name((locale, url) => chargebackMail(locale, { brand, tipjarName, manageLink: manage(url), amount: 300, period: "2026-11" }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod"], nl: ["\u20AC 3,00", "De Koffiepod"] }
  },
  {
    name: "monthly-ended",
    mail: /* @__PURE__ */ __name((locale) => monthlyTipEndedMail(locale, { brand, tipjarName, amount: 300, reason: "tipjar" }), "mail"),
    facts: { en: ["\u20AC3.00", "De Koffiepod"], nl: ["\u20AC 3,00", "De Koffiepod"] }
  },
  {
    name: "invoice",
    mail: /* @__PURE__ */ __name((locale) => invoiceMail(locale, { brand, tipjarName, number: "PP-2026-0042", totalInclVat: 1815, period: "2026-10" }), "mail"),
    facts: { en: ["PP-2026-0042", "\u20AC18.15", "De Koffiepod"], nl: ["PP-2026-0042", "\u20AC 18,15", "De Koffiepod"] }
  },
  {
    name: "password-reset",
    mail: /* @__PURE__ */ __name((locale, url) => passwordResetMail(locale, { brand, name: "Mark", link: `${url}/reset-password?token=sample` }), "mail"),
    facts: { en: ["Mark", "reset-password?token=sample"], nl: ["Mark", "reset-password?token=sample"] }
  },
  {
    name: "feed-verification",
    mail: /* @__PURE__ */ __name((locale) => feedVerificationMail(locale, { brand, podcast: "De Koffiepod", tipjarName, code: "482913", minutes: 30 }), "mail"),
    facts: { en: ["482913", "De Koffiepod"], nl: ["482913", "De Koffiepod"] }
  },
  {
    name: "feed-stopped",
    mail: /* @__PURE__ */ __name((locale, url) => feedStoppedMail(locale, {
      brand,
      tipjarName,
      feedUrl: "https://feeds.example.com/koffiepod.xml",
      failures: 5,
      settingsLink: `${url}/backoffice/de-koffiepod/settings`
    }), "mail"),
    facts: {
      en: ["De Koffiepod", "https://feeds.example.com/koffiepod.xml", "/backoffice/de-koffiepod/settings"],
      nl: ["De Koffiepod", "https://feeds.example.com/koffiepod.xml", "/backoffice/de-koffiepod/settings"]
    }
  }
];
MAIL_SAMPLES.push(
  {
    name: "password-changed",
    mail: /* @__PURE__ */ __name((locale, url) => passwordChangedMail(locale, {
      brand,
      name: "Mark",
      recoveryLink: `${url}/password-recovery`,
      supportLink: `${url}/support`
    }), "mail"),
    facts: { en: ["Mark", "/password-recovery", "/support"], nl: ["Mark", "/password-recovery", "/support"] }
  },
  {
    name: "admin-added",
    mail: /* @__PURE__ */ __name((locale, url) => adminAddedMail(locale, {
      brand,
      name: "Mark",
      tipjarName,
      newAdmin: "eva@example.com",
      settingsLink: `${url}/backoffice/de-koffiepod/settings`,
      supportLink: `${url}/support`
    }), "mail"),
    facts: {
      en: ["eva@example.com", "De Koffiepod", "/backoffice/de-koffiepod/settings"],
      nl: ["eva@example.com", "De Koffiepod", "/backoffice/de-koffiepod/settings"]
    }
  },
  {
    name: "email-changed",
    mail: /* @__PURE__ */ __name((locale, url) => emailChangedMail(locale, { brand, name: "Mark", newEmail: "mark@new.example", supportLink: `${url}/support` }), "mail"),
    facts: {
      en: ["mark@new.example", "Wasn't this you", "/support"],
      nl: ["mark@new.example", "Was jij dit niet", "/support"]
    }
  },
  {
    name: "email-changed-notice",
    mail: /* @__PURE__ */ __name((locale, url) => emailChangedNoticeMail(locale, { brand, name: "Mark", loginLink: `${url}/login`, supportLink: `${url}/support` }), "mail"),
    facts: { en: ["Mark", "/login", "/support"], nl: ["Mark", "/login", "/support"] }
  },
  {
    name: "bank-account-changed",
    mail: /* @__PURE__ */ __name((locale, url) => bankAccountChangedMail(locale, {
      brand,
      name: "Mark",
      tipjarName,
      settingsLink: `${url}/backoffice/de-koffiepod/settings`,
      supportLink: `${url}/support`
    }), "mail"),
    facts: {
      en: ["De Koffiepod", "Wasn't this you", "/backoffice/de-koffiepod/settings"],
      nl: ["De Koffiepod", "Was jij dit niet", "/backoffice/de-koffiepod/settings"]
    }
  },
  {
    name: "two-step-off",
    mail: /* @__PURE__ */ __name((locale, url) => twoStepOffMail(locale, {
      brand,
      name: "Mark",
      recoveryLink: `${url}/password-recovery`,
      supportLink: `${url}/support`
    }), "mail"),
    facts: {
      en: ["Wasn't this you", "/password-recovery", "/support"],
      nl: ["Was jij dit niet", "/password-recovery", "/support"]
    }
  }
);

// src/dev/mail-preview.ts
var MAIL_PREVIEW_PATH = "/dev/mails";
var escapeHtml = /* @__PURE__ */ __name((text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]), "escapeHtml");
function mountMailPreview(app, ctx) {
  const brand2 = ctx.config.BRAND_NAME;
  app.get(MAIL_PREVIEW_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const rows = MAIL_SAMPLES.map((sample) => {
      const links = LOCALES.map((locale) => {
        const base = `${MAIL_PREVIEW_PATH}/${sample.name}/${locale}`;
        return `<a href="${base}">${locale}</a> (<a href="${base}/text">text</a>)`;
      }).join(" \xB7 ");
      return `<li><strong>${escapeHtml(sample.name)}</strong> \u2014 ${links}</li>`;
    }).join("\n");
    return reply.type("text/html; charset=utf-8").send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand2)} mails</title></head><body style="font-family: system-ui, sans-serif; max-width: 720px; margin: 2rem auto; padding: 0 1rem"><h1>${escapeHtml(brand2)} mails</h1><p>Every template with sample data (development only).</p><ul>${rows}</ul></body></html>`
    );
  });
  app.get(
    `${MAIL_PREVIEW_PATH}/:name/:locale/:part?`,
    { schema: { hide: true } },
    async (request, reply) => {
      const sample = MAIL_SAMPLES.find((s) => s.name === request.params.name);
      const { locale, part } = request.params;
      if (!sample || !isLocale(locale) || part !== void 0 && part !== "text") {
        return reply.status(404).send({ statusCode: 404, code: "NOT_FOUND", message: "No such mail" });
      }
      const mail = sample.mail(locale, ctx.config.publicUrl);
      if (part === "text")
        return reply.type("text/plain; charset=utf-8").send(`Subject: ${mail.subject}

${mail.text}`);
      return reply.type("text/html; charset=utf-8").send(await mailHtml({ ...mail, brand: brand2 }));
    }
  );
}
__name(mountMailPreview, "mountMailPreview");
export {
  MAIL_PREVIEW_PATH,
  mountMailPreview
};
//# sourceMappingURL=mail-preview-AJX7HPNU.js.map
