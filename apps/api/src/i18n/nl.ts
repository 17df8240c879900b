import type { Catalog } from './en.js';

/** The API's own texts in Dutch: every key of en.ts (the compiler checks), the same placeholders (catalogs.test.ts). */
export const nl: Catalog = {
  mail: {
    hi: 'Hoi,',
    hiName: 'Hoi {{name}},',
    signoff: 'Groet,',
    fact: {
      amount: 'Bedrag: {{amount}}',
      date: 'Datum: {{date}}',
      fee: 'Waarvan platformkosten {{brand}}: {{fee}}',
      reference: 'Referentie: {{reference}}',
    },
    tipReceipt: {
      subject: 'Bedankt voor je fooi aan {{tipjar}} - {{brand}}',
      thanks: 'Bedankt voor je fooi aan {{tipjar}}! Je betaling is gelukt.',
      to: 'Aan: {{tipjar}}',
      episode: 'Voor aflevering {{number}}: {{title}}',
      episodeUnnumbered: 'Voor de aflevering: {{title}}',
      boostMoment: 'Voorlezen in de uitzending: bij {{moment}} in {{title}}',
      keep: 'Bewaar deze mail als betalingsbewijs.',
    },
    newTip: {
      subject: 'Nieuwe fooi van {{amount}} voor {{tipjar}} - {{brand}}',
      received: '{{tipjar}} heeft een fooi van {{amount}} gekregen van {{from}}.',
      anonymous: 'een anonieme luisteraar',
      net: 'Na platformkosten: {{net}}.',
      message: 'Bericht:',
      see: 'Bekijk je fooien: {{link}}',
    },
    tipRefunded: {
      subject: 'Je fooi aan {{tipjar}} is terugbetaald - {{brand}}',
      whole: 'We hebben je fooi van {{tipAmount}} aan {{tipjar}} volledig terugbetaald: {{amount}}.',
      part: 'We hebben {{amount}} van je fooi van {{tipAmount}} aan {{tipjar}} terugbetaald.',
      reason: 'Reden: {{reason}}',
      back: 'Het bedrag staat binnen enkele werkdagen weer op je rekening.',
    },
    recurringStarted: {
      subject: 'Je maandelijkse fooi aan {{tipjar}} loopt - {{brand}}',
      thanks: 'Bedankt! Je eerste betaling van {{amount}} aan {{tipjar}} is gelukt en je maandelijkse fooi loopt.',
      schedule: 'We schrijven voortaan elke maand op de {{day}}e {{amount}} af; de volgende keer op {{next}}.',
      manage: 'Bedrag wijzigen, pauzeren of stoppen: {{link}}',
      linkValid: '(Deze link werkt 7 dagen; daarna kun je inloggen.)',
    },
    preNotification: {
      subject: 'Op {{date}} schrijven we {{amount}} af voor {{tipjar}} - {{brand}}',
      collect: 'Op {{date}} schrijven we je maandelijkse fooi van {{amount}} aan {{tipjar}} af via je machtiging.',
      change: 'Wil je iets aanpassen, pauzeren of stoppen? {{link}}',
    },
    chargeReceipt: {
      subject: 'Bedankt voor je fooi van {{month}} aan {{tipjar}} - {{brand}}',
      paid: 'Je maandelijkse fooi aan {{tipjar}} voor {{month}} is betaald.',
      manage: 'Beheren: {{link}}',
    },
    chargeFailed: {
      subject: 'Je fooi van {{month}} aan {{tipjar}} is niet gelukt - {{brand}}',
      failed: 'We konden je maandelijkse fooi van {{amount}} aan {{tipjar}} voor {{month}} niet afschrijven.',
      retry: 'We proberen het opnieuw op {{date}}. Zorg dat er genoeg saldo is, of stel de betaling opnieuw in:',
      stopped:
        'We hebben het drie keer geprobeerd en stoppen nu met afschrijven. Stel de betaling opnieuw in om je fooi voort te zetten:',
      stoppedLate:
        'We konden het niet op tijd opnieuw proberen en stoppen nu met afschrijven. Stel de betaling opnieuw in om je fooi voort te zetten:',
    },
    chargeback: {
      subject: 'Je fooi van {{month}} aan {{tipjar}} is teruggeboekt - {{brand}}',
      reversed: 'Je bank heeft je maandelijkse fooi van {{amount}} aan {{tipjar}} voor {{month}} teruggeboekt.',
      again:
        'We schrijven daarom niets meer af met deze machtiging. Wil je je fooi voortzetten? Stel de betaling opnieuw in:',
    },
    monthlyTipEnded: {
      subject: 'Je maandelijkse fooi aan {{tipjar}} is gestopt - {{brand}}',
      tipjarClosed: 'De {{brand}} van {{tipjar}} is gesloten. Daarom is je maandelijkse fooi van {{amount}} gestopt.',
      accountClosed:
        'Je account bij {{brand}} is opgeheven. Daarom is je maandelijkse fooi van {{amount}} aan {{tipjar}} gestopt.',
      cancelledSubject: 'Je maandelijkse fooi aan {{tipjar}} is opgezegd - {{brand}}',
      cancelledByYou: 'Zoals je vroeg, is je maandelijkse fooi van {{amount}} aan {{tipjar}} opgezegd.',
      startAgain: 'Toch van gedachten veranderd? Je kunt altijd een nieuwe maandelijkse fooi starten: {{link}}',
      nothingMore:
        'Er wordt niets meer afgeschreven: we trekken je machtiging in. Je eerdere betalingen blijven in onze administratie staan.',
      thanks: 'Bedankt voor je steun!',
    },
    invoice: {
      subject: 'Factuur {{number}} - {{brand}}',
      attached: 'In de bijlage vind je factuur {{number}} voor {{tipjar}}.',
      attachedPeriod: 'In de bijlage vind je factuur {{number}} voor {{tipjar}} (periode {{period}}).',
      total: 'Totaal inclusief {{rate}} btw: {{total}}.',
    },
    orderReceipt: {
      subject: 'Je bestelling van een {{brand}} voor {{tipjar}}: betaalbewijs en factuur {{number}}',
      thanks: 'Bedankt voor je bestelling! Je betaling voor de {{brand}} van {{tipjar}} is gelukt.',
      exVat: 'Exclusief btw: {{amount}}',
      vat: 'Btw {{rate}}: {{amount}}',
      total: 'Totaal inclusief btw: {{amount}}',
      invoice: 'Factuurnummer: {{number}}',
      attached: 'De factuur zit als pdf in de bijlage. Je kunt hem ook downloaden bij je facturen: {{link}}',
    },
    welcome: {
      subject: 'Welkom bij {{brand}}: de volgende stappen voor {{tipjar}}',
      live: 'Whoop whoop, je eigen {{brand}}! {{tipjar}} staat online op {{page}}',
      next: 'Je volgende stappen:',
      register: '1. Registreer je bankrekening, zodat je fooien aan je uitbetaald kunnen worden: {{link}}',
      share: '2. Deel je pagina met je luisteraars (link, badge, QR-code en poster): {{link}}',
      settings: '3. Maak de pagina helemaal van jou bij de instellingen (foto, tekst, doel): {{link}}',
      mailed: 'We mailen je zodra je bankrekening is geverifieerd.',
    },
    payoutsReady: {
      subject: 'Je bankrekening is geverifieerd: {{tipjar}} kan uitbetalingen ontvangen - {{brand}}',
      verified:
        'Goed nieuws: de betaalprovider heeft je bankrekening geverifieerd. De registratie van {{tipjar}} is rond, en je fooien worden aan je uitbetaald.',
      see: 'Bekijk je uitbetalingen: {{link}}',
    },
    monthlySupporter: {
      subject: 'Een nieuwe maandelijkse supporter voor {{tipjar}}: {{amount}} per maand - {{brand}}',
      started: '{{from}} steunt {{tipjar}} nu met een maandelijkse fooi van {{amount}}.',
      anonymous: 'Een anonieme luisteraar',
      net: 'Na de platformkosten: {{net}} per maand.',
      see: 'Bekijk je maandelijkse fooien: {{link}}',
    },
    passwordReset: {
      subject: 'Wachtwoord opnieuw instellen - {{brand}}',
      asked:
        'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. Dat kan via deze link (1 uur geldig, eenmalig te gebruiken):',
      ignore: 'Heb je dit niet zelf gevraagd? Dan kun je deze mail negeren.',
    },
    feedVerification: {
      subject: 'Je code om {{podcast}} te bevestigen - {{brand}}',
      asked:
        'Iemand wil bij {{brand}} bevestigen dat de podcast "{{podcast}}" bij de {{brand}} "{{tipjar}}" hoort. Dit adres staat als eigenaar in de feed van de podcast.',
      code: 'Je code: {{code}}',
      works:
        'De code werkt {{minutes}} minuten en een paar keer. Heb je dit niet zelf gevraagd? Geef de code aan niemand en negeer deze mail.',
    },
    feedStopped: {
      subject: 'We kunnen de feed van {{tipjar}} niet meer lezen - {{brand}}',
      stopped:
        '{{brand}} leest de feed van "{{tipjar}}" elk uur om de afleveringen bij te houden. De laatste {{failures}} keer lukte dat niet, dus we zijn gestopt met lezen:',
      again: 'Klopt het adres? Sla het opnieuw op bij de instellingen, dan lezen we de feed meteen weer: {{link}}',
    },
    passwordChanged: {
      subject: 'Je wachtwoord is gewijzigd - {{brand}}',
      changed: 'Het wachtwoord van je {{brand}}-account is zojuist gewijzigd. Alle andere sessies zijn uitgelogd.',
      notYou: 'Was jij dit niet? Stel dan meteen een nieuw wachtwoord in via deze link:',
      contact: 'Neem daarna contact met ons op, zodat we kunnen nagaan wat er gebeurd is: {{link}}',
    },
    adminAdded: {
      subject: 'Nieuwe beheerder van {{tipjar}} - {{brand}}',
      added:
        '{{admin}} is nu beheerder van {{tipjar}}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.',
      remove: 'Ken je deze persoon niet, of was dit niet de bedoeling? Haal de beheerder weg in de instellingen:',
      tellUs: 'En laat het ons weten: {{link}}',
    },
    adminInvitation: {
      subject: 'Uitnodiging om een {{brand}} te beheren',
      invites:
        '{{inviter}} nodigt je uit om beheerder te worden van de {{brand}} {{tipjar}}. Een beheerder ziet de fooien en kan de instellingen en de bankgegevens wijzigen.',
      answer:
        'Neem de uitnodiging aan of wijs haar af via deze link (log in met {{email}}, of maak een account aan met dat adres):',
      valid:
        'De uitnodiging is {{days}} dagen geldig. Had je dit niet verwacht? Negeer deze mail of wijs de uitnodiging af: zonder jou verandert er niets.',
    },
    emailChanged: {
      subject: 'Je e-mailadres is gewijzigd - {{brand}}',
      changed:
        'Je {{brand}}-account gebruikt vanaf nu het e-mailadres {{email}}. Mails, bonnen en het inloggen gaan voortaan via dat adres; dit adres ontvangt niets meer van ons.',
      notYou:
        'Was jij dit niet, of heb je hier niet om gevraagd? Neem dan meteen contact met ons op, dan zetten we je account terug:',
    },
    emailChangedNotice: {
      subject: 'Je {{brand}}-account gebruikt nu dit adres',
      uses: 'Je {{brand}}-account gebruikt vanaf nu dit e-mailadres. Log voortaan hiermee in: {{link}}',
      notYours: 'Heb je geen account bij {{brand}}, of was dit niet de bedoeling? Laat het ons weten: {{link}}',
    },
    emailConfirmation: {
      subject: 'Bevestig je e-mailadres - {{brand}}',
      confirm:
        'Bevestig dat {{email}} het e-mailadres van je {{brand}}-account is, met deze link ({{days}} dagen geldig):',
      afterwards:
        'Na het bevestigen staan ook de fooien die je zonder in te loggen met dit adres gaf in het overzicht van je gegevens.',
      notYours:
        'Heb jij geen {{brand}}-account gemaakt? Open de link dan niet: iemand anders heeft je adres opgegeven. Zonder bevestiging krijgt dat account niets te zien van wat jij met dit adres deed.',
    },
    bankAccountChanged: {
      subject: 'De bankrekening van {{tipjar}} is gewijzigd - {{brand}}',
      changed:
        'Er is een nieuwe bankrekening opgegeven voor {{tipjar}}. Zodra de betaalprovider die heeft gecontroleerd, worden de fooien daarop uitbetaald.',
      notYou:
        'Was jij dit niet, en ook geen andere beheerder? Kijk dan meteen in de instellingen wie er beheerder is en verander je wachtwoord:',
      contact: 'Neem ook contact met ons op, dan houden we de uitbetalingen tegen tot het is opgehelderd: {{link}}',
    },
    twoStepOff: {
      subject: 'Inloggen in twee stappen staat uit - {{brand}}',
      off: 'Inloggen in twee stappen is zojuist uitgezet voor je {{brand}}-account. Je wachtwoord alleen is nu weer genoeg om in te loggen, en onthouden apparaten zijn vergeten.',
      notYou:
        'Was jij dit niet? Dan kent iemand anders je wachtwoord en een code. Stel meteen een nieuw wachtwoord in:',
      turnOn: 'Zet daarna inloggen in twee stappen weer aan op je accountpagina en laat het ons weten: {{link}}',
    },
    twoStepOn: {
      subject: 'Inloggen in twee stappen staat aan - {{brand}}',
      on: 'Inloggen in twee stappen is zojuist aangezet voor je {{brand}}-account. Voortaan log je in met je wachtwoord en een code uit je authenticator-app (of een van je herstelcodes).',
      notYou:
        'Was jij dit niet? Dan was iemand anders in je account en kan diegene je buitensluiten. Stel meteen een nieuw wachtwoord in:',
      askUs: 'en vraag ons inloggen in twee stappen voor je uit te zetten: {{link}}',
    },
    twoStepReset: {
      subject: 'Inloggen in twee stappen uitgezet door support - {{brand}}',
      off: 'Ons supportteam heeft inloggen in twee stappen uitgezet voor je {{brand}}-account, omdat je je authenticator-app en herstelcodes kwijt bent. Je wachtwoord alleen is nu weer genoeg om in te loggen, en onthouden apparaten zijn vergeten.',
      turnOn: 'Zet het na het inloggen meteen weer aan op je accountpagina, met je nieuwe telefoon.',
      notYou: 'Heb jij hier niet om gevraagd? Stel dan meteen een nieuw wachtwoord in:',
      tellUs: 'En laat het ons direct weten: {{link}}',
    },
  },
  invoice: {
    invoice: 'Factuur',
    draft: 'Concept',
    void: 'Vervallen',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    dueDate: 'Vervaldatum',
    period: 'Periode',
    billTo: 'Factuur aan',
    coc: 'KvK-nummer',
    vatNumber: 'Btw-nummer',
    iban: 'IBAN',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Prijs excl. btw',
    amount: 'Bedrag excl. btw',
    subtotal: 'Subtotaal excl. btw',
    vat: 'Btw {{rate}}',
    total: 'Totaal incl. btw',
    continued: 'vervolg',
    page: 'Pagina {{page}} van {{pages}}',
    line: {
      feeOne: 'Platformkosten over {{count}} fooi in {{period}}',
      feeMany: 'Platformkosten over {{count}} fooien in {{period}}',
      order: '{{product}} voor {{tipjar}}',
      creditOne: 'Platformkosten terug op {{count}} terugbetaling of terugboeking',
      creditMany: 'Platformkosten terug op {{count}} terugbetalingen en terugboekingen',
    },
    terms: {
      pay: 'Graag {{total}} binnen {{days}} dagen betalen, uiterlijk op {{due}}, onder vermelding van factuurnummer {{number}}.',
      payTo: 'Rekening ten name van {{name}}: {{iban}}.',
      feeWithheld:
        'De platformkosten zijn bij de uitbetaling van je fooien al ingehouden: je hoeft niets meer te betalen.',
      paid: 'Deze factuur is betaald. Dank je wel.',
      voided: 'Deze factuur is vervallen: je hoeft niets te betalen.',
      nothingToPay: 'Voor deze factuur hoef je niets te betalen.',
    },
  },
  share: {
    badge: 'Geef een fooi via {{brand}}',
    badgeTitle: 'Geef {{name}} een fooi via {{brand}}',
    qrTitle: 'QR-code: geef {{name}} een fooi via {{brand}}',
    funding: 'Geef ons een fooi via {{brand}}',
    posterLine: 'Geniet je van de podcast? Scan de code en geef ons een fooi.',
    posterEpisode: 'Aflevering: {{title}}',
    posterFooter: 'Geef een fooi met iDEAL of Bancontact via {{brand}}',
  },
  csv: {
    tips: {
      created: 'Datum',
      status: 'Status',
      amount: 'Bedrag',
      fee: 'Platformkosten',
      net: 'Netto',
      refunded: 'Terugbetaald',
      paymentMethod: 'Betaalmethode',
      displayName: 'Naam',
      message: 'Bericht',
      episode: 'Aflevering',
      monthly: 'Maandelijkse fooi',
      id: 'Fooi-id',
    },
    monthlyTips: {
      created: 'Gestart',
      status: 'Status',
      amount: 'Bedrag per maand',
      mandate: 'Machtiging',
      paymentMethod: 'Betaalmethode',
      nextChargeAt: 'Volgende betaling',
      cancelledAt: 'Gestopt',
      displayName: 'Naam',
      message: 'Bericht',
      id: 'Maandelijkse-fooi-id',
    },
    specification: {
      date: 'Datum',
      tipId: 'Fooi-id',
      amount: 'Bedrag',
      fee: 'Platformkosten',
    },
  },
  feeds: {
    failure: {
      not_a_feed: 'Dit adres geeft geen podcastfeed',
      not_found: 'Op dit adres is niets gevonden',
      too_large: 'De feed is te groot',
      too_slow: 'De feed antwoordde te traag',
      refused_address: 'Dit adres wijst naar een privé- of lokaal netwerk',
      bad_url: 'Alleen http- en https-adressen kunnen worden gelezen',
      unreachable: 'De server van de feed is niet bereikbaar',
    },
  },
  /** Reasons a request is refused that the user can act on (AppError.because, decision 083). */
  error: {
    paymentBeingStarted: 'Deze betaling wordt op dit moment gestart; probeer het zo opnieuw',
    paymentStartedElsewhere: 'Er is tegelijk een andere betaalpoging gestart; laad de pagina opnieuw',
    providerRejectedDetails: 'De betaalprovider heeft deze gegevens niet geaccepteerd',
    businessNeedsCompany: 'Een bedrijf heeft eerst een bedrijfsnaam en KvK-nummer nodig',
    tipBeingCreated: 'Dezelfde fooi wordt op dit moment al aangemaakt; probeer het opnieuw',
    recurringTipBeingCreated: 'Dezelfde maandelijkse fooi wordt op dit moment al aangemaakt; probeer het opnieuw',
    invoiceEmpty: 'Een factuur van € 0,00 wordt niet gemaakt: er is niets te factureren',
    invoiceOncePerMonth: 'Deze fooienpot heeft al een factuur voor die maand',
    invoiceNotDraftChange: 'Alleen conceptfacturen kunnen worden gewijzigd',
    invoiceNotDraftDelete: 'Alleen conceptfacturen kunnen worden verwijderd',
    invoiceNotLatest:
      'Alleen het laatste factuurnummer kan worden verwijderd (de nummering blijft doorlopend); laat deze factuur vervallen',
    periodNotFinished: 'Deze maand is nog niet voorbij: alleen afgelopen maanden kunnen worden gefactureerd',
    tipjarArchived: 'Een gearchiveerde fooienpot kan niet worden gewijzigd',
    tipjarChanged: 'De fooienpot is intussen gewijzigd; laad de pagina opnieuw en probeer het nog eens',
    tipjarArchivedNoAdmins: 'Een gearchiveerde fooienpot krijgt geen nieuwe beheerders',
    tipjarLastAdmin: 'Een fooienpot heeft minstens één beheerder nodig',
    soleTipjarAdmin: 'Alleen jij beheert {{names}}: geef eerst een andere beheerder toegang of archiveer hem',
    userArchived: 'Een gearchiveerde gebruiker kan niet worden gewijzigd',
    ownAdminRole: 'Je kunt je eigen beheerdersrol niet weghalen',
    ownAccount: 'Je eigen account kun je hier niet verwijderen',
    emailConfirmed: 'Dit e-mailadres is al bevestigd',
    twoStepOnAlready: 'Inloggen in twee stappen staat al aan',
    twoStepStartFirst: 'Begin eerst met instellen (of inloggen in twee stappen staat al aan)',
    twoStepOffAlready: 'Inloggen in twee stappen staat al uit',
    twoStepOwn: 'Zet je eigen inloggen in twee stappen uit op je accountpagina',
    twoStepOff: 'Inloggen in twee stappen staat uit',
    paidTipjarRemoval: 'Een betaalde fooienpot kan alleen door het platform worden verwijderd',
    merchantBusy: 'De registratie wordt nu verwerkt; probeer het zo nog eens',
    merchantDisconnectFirst: 'Koppel eerst de huidige merchant los',
    merchantConsumerOnly: 'Alleen een consumer-merchant kan worden omgezet',
    merchantRegistered: 'Deze fooienpot is al aangemeld bij de betaalprovider',
    feedVerified: 'Deze feed is al geverifieerd',
    orderPaid: 'Deze bestelling is al betaald',
    orderArchived: 'Een gearchiveerde fooienpot heeft geen betaling om opnieuw te proberen',
    tipChargedBack: 'Deze fooi is teruggeboekt: het geld is al terug bij de fooigever',
    tipNotPaid: 'Alleen een betaalde fooi kan worden terugbetaald',
    tipUnknownAtProvider: 'De betaling van deze fooi is niet bekend bij de betaalprovider',
    monthlyCancelled: 'Een stopgezette maandelijkse fooi kan niet worden gewijzigd',
    monthlyCancelledNoPayment: 'Een stopgezette maandelijkse fooi heeft geen betaling om in te stellen',
    monthlyPaymentSet: 'De betaling is al ingesteld',
    monthlyProcessing: 'De betaling van deze maand wordt nog verwerkt; probeer het later nog eens',
    monthlyPaying: 'Deze maand wordt al betaald; laad de pagina opnieuw',
    monthlyRaiseLogin:
      'Log in om een maandelijkse fooi te verhogen; met de link kun je hem verlagen, pauzeren of stopzetten',
    paymentBeingSetUp: 'Deze betaling wordt nu ingesteld; laad de pagina zo opnieuw',
  },
};
