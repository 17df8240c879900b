import {
  VAT_RATE_BPS,
  formatBps,
  formatCents,
  intlLocaleOf
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/mail/feed-mails.ts
function feedVerificationMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Je code om ${p.podcast} te bevestigen - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        `Iemand wil bij ${p.brand} bevestigen dat de podcast "${p.podcast}" bij de ${p.brand} "${p.tipjarName}" hoort. Dit adres staat als eigenaar in de feed van de podcast.`,
        "",
        `Je code: ${p.code}`,
        "",
        `De code werkt ${p.minutes} minuten en een paar keer. Heb je dit niet zelf gevraagd? Geef de code aan niemand en negeer deze mail.`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Your code to verify ${p.podcast} - ${p.brand}`,
    text: [
      "Hi,",
      "",
      `Someone asked ${p.brand} to confirm that the podcast "${p.podcast}" belongs to the ${p.brand} "${p.tipjarName}". This address is named as the owner in the podcast's feed.`,
      "",
      `Your code: ${p.code}`,
      "",
      `The code works for ${p.minutes} minutes and a few tries. Did you not ask for this? Give the code to no one and ignore this e-mail.`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(feedVerificationMail, "feedVerificationMail");
function feedStoppedMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `We kunnen de feed van ${p.tipjarName} niet meer lezen - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        `${p.brand} leest de feed van "${p.tipjarName}" elk uur om de afleveringen bij te houden. De laatste ${p.failures} keer lukte dat niet, dus we zijn gestopt met lezen:`,
        "",
        p.feedUrl,
        "",
        `Klopt het adres? Sla het opnieuw op bij de instellingen, dan lezen we de feed meteen weer: ${p.settingsLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `We can no longer read the feed of ${p.tipjarName} - ${p.brand}`,
    text: [
      "Hi,",
      "",
      `${p.brand} reads the feed of "${p.tipjarName}" every hour to keep its episodes up to date. The last ${p.failures} tries failed, so we stopped reading it:`,
      "",
      p.feedUrl,
      "",
      `Is the address right? Save it again in the settings and we read the feed at once: ${p.settingsLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(feedStoppedMail, "feedStoppedMail");

// src/mail/recurring-mails.ts
function formatDay(date, locale) {
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    dateStyle: "long",
    timeZone: "UTC"
  }).format(date);
}
__name(formatDay, "formatDay");
function formatPeriod(period, locale) {
  const [year, month] = period.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    month: "long",
    year: "numeric",
    timeZone: "UTC"
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
__name(formatPeriod, "formatPeriod");
function body(lines) {
  return lines.filter((l) => l !== false).join("\n");
}
__name(body, "body");
function recurringStartedMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const fee = formatCents(p.fee, locale);
  if (locale === "nl") {
    return {
      subject: `Je maandelijkse fooi aan ${p.tipjarName} loopt - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        `Bedankt! Je eerste betaling van ${amount} aan ${p.tipjarName} is gelukt en je maandelijkse fooi loopt.`,
        `We schrijven voortaan elke maand op de ${p.chargeDay}e ${amount} af; de volgende keer op ${formatDay(p.nextChargeAt, locale)}.`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        "",
        `Bedrag wijzigen, pauzeren of stoppen: ${p.manageLink}`,
        "(Deze link werkt 7 dagen; daarna kun je inloggen.)",
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `Your monthly tip to ${p.tipjarName} is running - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      `Thank you! Your first payment of ${amount} to ${p.tipjarName} went through and your monthly tip is running.`,
      `From now on we collect ${amount} on day ${p.chargeDay} of every month; next on ${formatDay(p.nextChargeAt, locale)}.`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      "",
      `Change the amount, pause or stop: ${p.manageLink}`,
      "(This link works for 7 days; after that, sign in.)",
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(recurringStartedMail, "recurringStartedMail");
function preNotificationMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const date = formatDay(p.chargeAt, locale);
  if (locale === "nl") {
    return {
      subject: `Op ${date} schrijven we ${amount} af voor ${p.tipjarName} - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        `Op ${date} schrijven we je maandelijkse fooi van ${amount} aan ${p.tipjarName} af via je machtiging.`,
        "",
        `Wil je iets aanpassen, pauzeren of stoppen? ${p.manageLink}`,
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `On ${date} we collect ${amount} for ${p.tipjarName} - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      `On ${date} we collect your monthly tip of ${amount} to ${p.tipjarName} through your mandate.`,
      "",
      `Want to change, pause or stop it? ${p.manageLink}`,
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(preNotificationMail, "preNotificationMail");
function chargeReceiptMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const fee = formatCents(p.fee, locale);
  const month = formatPeriod(p.period, locale);
  if (locale === "nl") {
    return {
      subject: `Bedankt voor je fooi van ${month} aan ${p.tipjarName} - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        `Je maandelijkse fooi aan ${p.tipjarName} voor ${month} is betaald.`,
        "",
        `Bedrag: ${amount}`,
        `Datum: ${formatDay(p.paidAt, locale)}`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        "",
        `Beheren: ${p.manageLink}`,
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `Thank you for your ${month} tip to ${p.tipjarName} - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      `Your monthly tip to ${p.tipjarName} for ${month} was paid.`,
      "",
      `Amount: ${amount}`,
      `Date: ${formatDay(p.paidAt, locale)}`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      "",
      `Manage: ${p.manageLink}`,
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(chargeReceiptMail, "chargeReceiptMail");
function chargeFailedMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const month = formatPeriod(p.period, locale);
  if (locale === "nl") {
    return {
      subject: `Je fooi van ${month} aan ${p.tipjarName} is niet gelukt - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        `We konden je maandelijkse fooi van ${amount} aan ${p.tipjarName} voor ${month} niet afschrijven.`,
        p.retryAt ? `We proberen het opnieuw op ${formatDay(p.retryAt, locale)}. Zorg dat er genoeg saldo is, of stel de betaling opnieuw in:` : "We hebben het drie keer geprobeerd en stoppen nu met afschrijven. Stel de betaling opnieuw in om je fooi voort te zetten:",
        p.manageLink,
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `Your ${month} tip to ${p.tipjarName} did not go through - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      `We could not collect your monthly tip of ${amount} to ${p.tipjarName} for ${month}.`,
      p.retryAt ? `We will try again on ${formatDay(p.retryAt, locale)}. Make sure there is enough balance, or set up the payment again:` : "We tried three times and have stopped collecting. Set up the payment again to continue your tip:",
      p.manageLink,
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(chargeFailedMail, "chargeFailedMail");
function chargebackMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const month = formatPeriod(p.period, locale);
  if (locale === "nl") {
    return {
      subject: `Je fooi van ${month} aan ${p.tipjarName} is teruggeboekt - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        `Je bank heeft je maandelijkse fooi van ${amount} aan ${p.tipjarName} voor ${month} teruggeboekt.`,
        "We schrijven daarom niets meer af met deze machtiging. Wil je je fooi voortzetten? Stel de betaling opnieuw in:",
        p.manageLink,
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `Your ${month} tip to ${p.tipjarName} was charged back - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      `Your bank reversed your monthly tip of ${amount} to ${p.tipjarName} for ${month}.`,
      "So we no longer collect with this mandate. Would you like to continue your tip? Set up the payment again:",
      p.manageLink,
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(chargebackMail, "chargebackMail");
function monthlyTipEndedMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  if (locale === "nl") {
    return {
      subject: `Je maandelijkse fooi aan ${p.tipjarName} is gestopt - ${p.brand}`,
      text: body([
        "Hoi,",
        "",
        p.reason === "tipjar" ? `De ${p.brand} van ${p.tipjarName} is gesloten. Daarom is je maandelijkse fooi van ${amount} gestopt.` : `Je account bij ${p.brand} is opgeheven. Daarom is je maandelijkse fooi van ${amount} aan ${p.tipjarName} gestopt.`,
        "Er wordt niets meer afgeschreven: we trekken je machtiging in. Je eerdere betalingen blijven in onze administratie staan.",
        "",
        "Bedankt voor je steun!",
        "",
        "Groet,",
        p.brand
      ])
    };
  }
  return {
    subject: `Your monthly tip to ${p.tipjarName} has stopped - ${p.brand}`,
    text: body([
      "Hi,",
      "",
      p.reason === "tipjar" ? `${p.tipjarName} has closed its ${p.brand}, so your monthly tip of ${amount} has stopped.` : `Your ${p.brand} account has been closed, so your monthly tip of ${amount} to ${p.tipjarName} has stopped.`,
      "Nothing more will be collected: we are withdrawing your direct-debit mandate. Your earlier payments stay on record.",
      "",
      "Thank you for your support!",
      "",
      "Best,",
      p.brand
    ])
  };
}
__name(monthlyTipEndedMail, "monthlyTipEndedMail");

// src/mail/account-mails.ts
function passwordChangedMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Je wachtwoord is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        "",
        `Het wachtwoord van je ${p.brand}-account is zojuist gewijzigd. Alle andere sessies zijn uitgelogd.`,
        "",
        "Was jij dit niet? Stel dan meteen een nieuw wachtwoord in via deze link:",
        p.recoveryLink,
        "",
        `Neem daarna contact met ons op, zodat we kunnen nagaan wat er gebeurd is: ${p.supportLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Your password was changed - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      "",
      `The password of your ${p.brand} account was just changed. Every other session has been logged out.`,
      "",
      "Wasn't this you? Set a new password right away with this link:",
      p.recoveryLink,
      "",
      `Then contact us, so we can find out what happened: ${p.supportLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(passwordChangedMail, "passwordChangedMail");
function adminAddedMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Nieuwe beheerder van ${p.tipjarName} - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        "",
        `${p.newAdmin} is nu beheerder van ${p.tipjarName}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.`,
        "",
        "Ken je deze persoon niet, of was dit niet de bedoeling? Haal de beheerder weg in de instellingen:",
        p.settingsLink,
        "",
        `En laat het ons weten: ${p.supportLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `New admin of ${p.tipjarName} - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      "",
      `${p.newAdmin} is now an admin of ${p.tipjarName}. An admin sees its tips and can change its settings and bank details.`,
      "",
      "Don't know this person, or wasn't this meant to happen? Remove the admin in the settings:",
      p.settingsLink,
      "",
      `And let us know: ${p.supportLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(adminAddedMail, "adminAddedMail");
function emailChangedMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Je e-mailadres is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        "",
        `Je ${p.brand}-account gebruikt vanaf nu het e-mailadres ${p.newEmail}. Mails, bonnen en het inloggen gaan voortaan via dat adres; dit adres ontvangt niets meer van ons.`,
        "",
        "Was jij dit niet, of heb je hier niet om gevraagd? Neem dan meteen contact met ons op, dan zetten we je account terug:",
        p.supportLink,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Your e-mail address was changed - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      "",
      `Your ${p.brand} account now uses the e-mail address ${p.newEmail}. Mails, receipts and logging in go through that address from now on; this address gets nothing more from us.`,
      "",
      "Wasn't this you, or didn't you ask for it? Contact us right away and we will put your account back:",
      p.supportLink,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(emailChangedMail, "emailChangedMail");
function emailChangedNoticeMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Je ${p.brand}-account gebruikt nu dit adres`,
      text: [
        `Hoi ${p.name},`,
        "",
        `Je ${p.brand}-account gebruikt vanaf nu dit e-mailadres. Log voortaan hiermee in: ${p.loginLink}`,
        "",
        `Heb je geen account bij ${p.brand}, of was dit niet de bedoeling? Laat het ons weten: ${p.supportLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Your ${p.brand} account now uses this address`,
    text: [
      `Hi ${p.name},`,
      "",
      `Your ${p.brand} account uses this e-mail address from now on. Log in with it: ${p.loginLink}`,
      "",
      `Don't have an account with ${p.brand}, or wasn't this meant to happen? Let us know: ${p.supportLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(emailChangedNoticeMail, "emailChangedNoticeMail");
function bankAccountChangedMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `De bankrekening van ${p.tipjarName} is gewijzigd - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        "",
        `Er is een nieuwe bankrekening opgegeven voor ${p.tipjarName}. Zodra de betaalprovider die heeft gecontroleerd, worden de fooien daarop uitbetaald.`,
        "",
        "Was jij dit niet, en ook geen andere beheerder? Kijk dan meteen in de instellingen wie er beheerder is en verander je wachtwoord:",
        p.settingsLink,
        "",
        `Neem ook contact met ons op, dan houden we de uitbetalingen tegen tot het is opgehelderd: ${p.supportLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `The bank account of ${p.tipjarName} was changed - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      "",
      `A new bank account was given for ${p.tipjarName}. Once the payment provider has checked it, tips are paid out to it.`,
      "",
      "Wasn't this you, nor another admin? Check right away in the settings who the admins are, and change your password:",
      p.settingsLink,
      "",
      `And contact us, so we hold the payouts until it is cleared up: ${p.supportLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(bankAccountChangedMail, "bankAccountChangedMail");
function twoStepOffMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Inloggen in twee stappen staat uit - ${p.brand}`,
      text: [
        `Hoi ${p.name},`,
        "",
        `Inloggen in twee stappen is zojuist uitgezet voor je ${p.brand}-account. Je wachtwoord alleen is nu weer genoeg om in te loggen, en onthouden apparaten zijn vergeten.`,
        "",
        "Was jij dit niet? Dan kent iemand anders je wachtwoord en een code. Stel meteen een nieuw wachtwoord in:",
        p.recoveryLink,
        "",
        `Zet daarna inloggen in twee stappen weer aan op je accountpagina en laat het ons weten: ${p.supportLink}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Two-step login was turned off - ${p.brand}`,
    text: [
      `Hi ${p.name},`,
      "",
      `Two-step login was just turned off for your ${p.brand} account. Your password alone signs in again, and remembered devices are forgotten.`,
      "",
      "Wasn't this you? Then someone else knows your password and a code. Set a new password right away:",
      p.recoveryLink,
      "",
      `Then turn two-step login back on on your account page, and let us know: ${p.supportLink}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(twoStepOffMail, "twoStepOffMail");

// src/mail/tip-mails.ts
function formatDate(date, locale) {
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam"
  }).format(date);
}
__name(formatDate, "formatDate");
function episodeLine(locale, episode) {
  if (locale === "nl") {
    return episode.number !== null ? `Voor aflevering ${episode.number}: ${episode.title}` : `Voor de aflevering: ${episode.title}`;
  }
  return episode.number !== null ? `For episode ${episode.number}: ${episode.title}` : `For the episode: ${episode.title}`;
}
__name(episodeLine, "episodeLine");
function tipReceiptMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const episode = p.episode ? episodeLine(locale, p.episode) : null;
  const fee = formatCents(p.fee, locale);
  const date = formatDate(p.paidAt, locale);
  if (locale === "nl") {
    return {
      subject: `Bedankt voor je fooi aan ${p.tipjarName} - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        `Bedankt voor je fooi aan ${p.tipjarName}! Je betaling is gelukt.`,
        "",
        `Bedrag: ${amount}`,
        `Aan: ${p.tipjarName}`,
        ...episode ? [episode] : [],
        `Datum: ${date}`,
        `Waarvan platformkosten ${p.brand}: ${fee}`,
        `Referentie: ${p.reference}`,
        "",
        "Bewaar deze mail als betalingsbewijs.",
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Thank you for your tip to ${p.tipjarName} - ${p.brand}`,
    text: [
      "Hi,",
      "",
      `Thank you for your tip to ${p.tipjarName}! Your payment went through.`,
      "",
      `Amount: ${amount}`,
      `To: ${p.tipjarName}`,
      ...episode ? [episode] : [],
      `Date: ${date}`,
      `Of which ${p.brand} platform fee: ${fee}`,
      `Reference: ${p.reference}`,
      "",
      "Keep this e-mail as your receipt.",
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(tipReceiptMail, "tipReceiptMail");
function newTipMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const net = formatCents(p.amount - p.fee, locale);
  if (locale === "nl") {
    const from2 = p.fromName ?? "een anonieme luisteraar";
    return {
      subject: `Nieuwe fooi van ${amount} voor ${p.tipjarName} - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        `${p.tipjarName} heeft een fooi van ${amount} gekregen van ${from2}.`,
        `Na platformkosten: ${net}.`,
        ...p.message ? ["", "Bericht:", p.message] : [],
        "",
        `Bekijk je fooien: ${p.link}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  const from = p.fromName ?? "an anonymous listener";
  return {
    subject: `New tip of ${amount} for ${p.tipjarName} - ${p.brand}`,
    text: [
      "Hi,",
      "",
      `${p.tipjarName} received a tip of ${amount} from ${from}.`,
      `After the platform fee: ${net}.`,
      ...p.message ? ["", "Message:", p.message] : [],
      "",
      `See your tips: ${p.link}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(newTipMail, "newTipMail");

// src/mail/refund-mails.ts
function tipRefundedMail(locale, p) {
  const amount = formatCents(p.amount, locale);
  const tipAmount = formatCents(p.tipAmount, locale);
  if (locale === "nl") {
    return {
      subject: `Je fooi aan ${p.tipjarName} is terugbetaald - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        p.whole ? `We hebben je fooi van ${tipAmount} aan ${p.tipjarName} volledig terugbetaald: ${amount}.` : `We hebben ${amount} van je fooi van ${tipAmount} aan ${p.tipjarName} terugbetaald.`,
        ...p.reason ? [`Reden: ${p.reason}`] : [],
        "Het bedrag staat binnen enkele werkdagen weer op je rekening.",
        `Referentie: ${p.reference}`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Your tip to ${p.tipjarName} was refunded - ${p.brand}`,
    text: [
      "Hi,",
      "",
      p.whole ? `We have refunded your tip of ${tipAmount} to ${p.tipjarName} in full: ${amount}.` : `We have refunded ${amount} of your tip of ${tipAmount} to ${p.tipjarName}.`,
      ...p.reason ? [`Reason: ${p.reason}`] : [],
      "The money will be back in your account within a few working days.",
      `Reference: ${p.reference}`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(tipRefundedMail, "tipRefundedMail");

// src/mail/templates.ts
function passwordResetMail(locale, p) {
  if (locale === "nl") {
    return {
      subject: `Wachtwoord opnieuw instellen - ${p.brand}`,
      text: `Hoi ${p.name},

Je hebt gevraagd om je wachtwoord opnieuw in te stellen. Dat kan via deze link (1 uur geldig, eenmalig te gebruiken):

${p.link}

Heb je dit niet zelf gevraagd? Dan kun je deze mail negeren.

Groet,
${p.brand}`
    };
  }
  return {
    subject: `Reset your password - ${p.brand}`,
    text: `Hi ${p.name},

You asked to reset your password. Use this link (valid for 1 hour, works once):

${p.link}

Didn't ask for this? You can ignore this e-mail.

Best,
${p.brand}`
  };
}
__name(passwordResetMail, "passwordResetMail");

// src/mail/invoice-mails.ts
function invoiceMail(locale, p) {
  const total = formatCents(p.totalInclVat, locale);
  if (locale === "nl") {
    return {
      subject: `Factuur ${p.number} - ${p.brand}`,
      text: [
        "Hoi,",
        "",
        `In de bijlage vind je factuur ${p.number} voor ${p.tipjarName}${p.period ? ` (periode ${p.period})` : ""}.`,
        `Totaal inclusief ${formatBps(VAT_RATE_BPS, "nl")} btw: ${total}.`,
        "",
        "Groet,",
        p.brand
      ].join("\n")
    };
  }
  return {
    subject: `Invoice ${p.number} - ${p.brand}`,
    text: [
      "Hi,",
      "",
      `Attached is invoice ${p.number} for ${p.tipjarName}${p.period ? ` (period ${p.period})` : ""}.`,
      `Total including ${formatBps(VAT_RATE_BPS, "en")} VAT: ${total}.`,
      "",
      "Best,",
      p.brand
    ].join("\n")
  };
}
__name(invoiceMail, "invoiceMail");

export {
  feedVerificationMail,
  feedStoppedMail,
  recurringStartedMail,
  preNotificationMail,
  chargeReceiptMail,
  chargeFailedMail,
  chargebackMail,
  monthlyTipEndedMail,
  passwordChangedMail,
  adminAddedMail,
  emailChangedMail,
  emailChangedNoticeMail,
  bankAccountChangedMail,
  twoStepOffMail,
  tipReceiptMail,
  newTipMail,
  tipRefundedMail,
  passwordResetMail,
  invoiceMail
};
//# sourceMappingURL=chunk-ASXZOQN2.js.map
