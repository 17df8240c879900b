import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/share/share.texts.ts
var TEXTS = {
  en: {
    badge: /* @__PURE__ */ __name((brand) => `Tip us on ${brand}`, "badge"),
    badgeTitle: /* @__PURE__ */ __name((name, brand) => `Tip ${name} on ${brand}`, "badgeTitle"),
    qrTitle: /* @__PURE__ */ __name((name, brand) => `QR code: tip ${name} on ${brand}`, "qrTitle"),
    funding: /* @__PURE__ */ __name((brand) => `Tip us on ${brand}`, "funding"),
    posterLine: "Enjoying the show? Scan the code and give us a tip.",
    posterEpisode: /* @__PURE__ */ __name((title) => `Episode: ${title}`, "posterEpisode"),
    posterFooter: /* @__PURE__ */ __name((brand) => `Tip with iDEAL or Bancontact on ${brand}`, "posterFooter")
  },
  nl: {
    badge: /* @__PURE__ */ __name((brand) => `Geef een fooi via ${brand}`, "badge"),
    badgeTitle: /* @__PURE__ */ __name((name, brand) => `Geef ${name} een fooi via ${brand}`, "badgeTitle"),
    qrTitle: /* @__PURE__ */ __name((name, brand) => `QR-code: geef ${name} een fooi via ${brand}`, "qrTitle"),
    funding: /* @__PURE__ */ __name((brand) => `Geef ons een fooi via ${brand}`, "funding"),
    posterLine: "Geniet je van de podcast? Scan de code en geef ons een fooi.",
    posterEpisode: /* @__PURE__ */ __name((title) => `Aflevering: ${title}`, "posterEpisode"),
    posterFooter: /* @__PURE__ */ __name((brand) => `Geef een fooi met iDEAL of Bancontact via ${brand}`, "posterFooter")
  }
};
function shareTexts(locale) {
  return TEXTS[locale];
}
__name(shareTexts, "shareTexts");

export {
  shareTexts
};
//# sourceMappingURL=chunk-SX3AAUVB.js.map
