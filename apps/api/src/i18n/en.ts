/**
 * The API's own texts in English (decision 074); nl.ts has every key, checked by the compiler and by
 * catalogs.test.ts. `{{name}}` is filled in by t(); the brand is always `{{brand}}`. A mail is written
 * from these lines in the shape of decision 035 (mail/templates.ts): greeting, paragraphs, sign-off.
 */
export const en = {
  mail: {
    hi: 'Hi,',
    hiName: 'Hi {{name}},',
    signoff: 'Best,',
    /** "Label: value" lines: the HTML part draws them as a table. */
    fact: {
      amount: 'Amount: {{amount}}',
      date: 'Date: {{date}}',
      fee: 'Of which {{brand}} platform fee: {{fee}}',
      reference: 'Reference: {{reference}}',
    },
    tipReceipt: {
      subject: 'Thank you for your tip to {{tipjar}} - {{brand}}',
      thanks: 'Thank you for your tip to {{tipjar}}! Your payment went through.',
      to: 'To: {{tipjar}}',
      episode: 'For episode {{number}}: {{title}}',
      episodeUnnumbered: 'For the episode: {{title}}',
      boostMoment: 'Read on air: at {{moment}} in {{title}}',
      keep: 'Keep this e-mail as your receipt.',
    },
    newTip: {
      subject: 'New tip of {{amount}} for {{tipjar}} - {{brand}}',
      received: '{{tipjar}} received a tip of {{amount}} from {{from}}.',
      anonymous: 'an anonymous listener',
      net: 'After the platform fee: {{net}}.',
      message: 'Message:',
      see: 'See your tips: {{link}}',
    },
    tipRefunded: {
      subject: 'Your tip to {{tipjar}} was refunded - {{brand}}',
      whole: 'We have refunded your tip of {{tipAmount}} to {{tipjar}} in full: {{amount}}.',
      part: 'We have refunded {{amount}} of your tip of {{tipAmount}} to {{tipjar}}.',
      reason: 'Reason: {{reason}}',
      back: 'The money will be back in your account within a few working days.',
    },
    recurringStarted: {
      subject: 'Your monthly tip to {{tipjar}} is running - {{brand}}',
      thanks: 'Thank you! Your first payment of {{amount}} to {{tipjar}} went through and your monthly tip is running.',
      schedule: 'From now on we collect {{amount}} on day {{day}} of every month; next on {{next}}.',
      manage: 'Change the amount, pause or stop: {{link}}',
      linkValid: '(This link works for 7 days; after that, sign in.)',
      subjectYearly: 'Your yearly tip to {{tipjar}} is running - {{brand}}',
      thanksYearly:
        'Thank you! Your first payment of {{amount}} to {{tipjar}} went through and your yearly tip is running.',
      scheduleYearly: 'From now on we collect {{amount}} once a year, on {{next}} next.',
      feed: 'Your private supporter feed with the bonus episodes: {{url}} (add it to your podcast app; keep it to yourself).',
    },
    preNotification: {
      subject: 'On {{date}} we collect {{amount}} for {{tipjar}} - {{brand}}',
      collect: 'On {{date}} we collect your monthly tip of {{amount}} to {{tipjar}} through your mandate.',
      change: 'Want to change, pause or stop it? {{link}}',
      collectYearly: 'On {{date}} we collect your yearly tip of {{amount}} to {{tipjar}} through your mandate.',
    },
    chargeReceipt: {
      subject: 'Thank you for your {{month}} tip to {{tipjar}} - {{brand}}',
      paid: 'Your monthly tip to {{tipjar}} for {{month}} was paid.',
      manage: 'Manage: {{link}}',
      paidYearly: 'Your yearly tip to {{tipjar}} for {{month}} was paid.',
    },
    chargeFailed: {
      subject: 'Your {{month}} tip to {{tipjar}} did not go through - {{brand}}',
      failed: 'We could not collect your monthly tip of {{amount}} to {{tipjar}} for {{month}}.',
      retry: 'We will try again on {{date}}. Make sure there is enough balance, or set up the payment again:',
      stopped: 'We tried three times and have stopped collecting. Set up the payment again to continue your tip:',
      /** A retry whose day passed while collecting was down is not made late (issue 34.5): the last failure. */
      stoppedLate:
        'We could not try again in time and have stopped collecting. Set up the payment again to continue your tip:',
      failedYearly: 'We could not collect your yearly tip of {{amount}} to {{tipjar}} for {{month}}.',
    },
    chargeback: {
      subject: 'Your {{month}} tip to {{tipjar}} was charged back - {{brand}}',
      reversed: 'Your bank reversed your monthly tip of {{amount}} to {{tipjar}} for {{month}}.',
      again:
        'So we no longer collect with this mandate. Would you like to continue your tip? Set up the payment again:',
      reversedYearly: 'Your bank reversed your yearly tip of {{amount}} to {{tipjar}} for {{month}}.',
    },
    monthlyTipEnded: {
      subject: 'Your monthly tip to {{tipjar}} has stopped - {{brand}}',
      tipjarClosed: '{{tipjar}} has closed its {{brand}}, so your monthly tip of {{amount}} has stopped.',
      accountClosed:
        'Your {{brand}} account has been closed, so your monthly tip of {{amount}} to {{tipjar}} has stopped.',
      cancelledSubject: 'Your monthly tip to {{tipjar}} is cancelled - {{brand}}',
      cancelledByYou: 'As you asked, your monthly tip of {{amount}} to {{tipjar}} is cancelled.',
      startAgain: 'Changed your mind? You can start a new monthly tip at any time: {{link}}',
      nothingMore:
        'Nothing more will be collected: we are withdrawing your direct-debit mandate. Your earlier payments stay on record.',
      thanks: 'Thank you for your support!',
    },
    invoice: {
      subject: 'Invoice {{number}} - {{brand}}',
      attached: 'Attached is invoice {{number}} for {{tipjar}}.',
      attachedPeriod: 'Attached is invoice {{number}} for {{tipjar}} (period {{period}}).',
      total: 'Total including {{rate}} VAT: {{total}}.',
    },
    orderReceipt: {
      subject: 'Your order of a {{brand}} for {{tipjar}}: receipt and invoice {{number}}',
      thanks: 'Thank you for your order! Your payment for the {{brand}} of {{tipjar}} went through.',
      exVat: 'Excluding VAT: {{amount}}',
      vat: 'VAT {{rate}}: {{amount}}',
      total: 'Total including VAT: {{amount}}',
      invoice: 'Invoice number: {{number}}',
      attached: 'The invoice is attached as a PDF. You can also download it from your invoices: {{link}}',
    },
    welcome: {
      subject: 'Welcome to {{brand}}: the next steps for {{tipjar}}',
      live: 'Whoop whoop, your own {{brand}}! {{tipjar}} is live at {{page}}',
      next: 'Your next steps:',
      register: '1. Register your bank account, so your tips can be paid out to you: {{link}}',
      share: '2. Share your page with your listeners (link, badge, QR code and poster): {{link}}',
      settings: '3. Make the page your own in the settings (photo, text, goal): {{link}}',
      mailed: 'We mail you as soon as your bank account is verified.',
    },
    payoutsReady: {
      subject: 'Your bank account is verified: {{tipjar}} can receive payouts - {{brand}}',
      verified:
        'Good news: the payment provider verified your bank account. The registration of {{tipjar}} is complete, and your tips are paid out to you.',
      see: 'See your payouts: {{link}}',
    },
    monthlySupporter: {
      subject: 'A new monthly supporter for {{tipjar}}: {{amount}} a month - {{brand}}',
      started: '{{from}} now supports {{tipjar}} with a monthly tip of {{amount}}.',
      anonymous: 'An anonymous listener',
      net: 'After the platform fee: {{net}} a month.',
      see: 'See your monthly tips: {{link}}',
    },
    passwordReset: {
      subject: 'Reset your password - {{brand}}',
      asked: 'You asked to reset your password. Use this link (valid for 1 hour, works once):',
      ignore: "Didn't ask for this? You can ignore this e-mail.",
    },
    feedVerification: {
      subject: 'Your code to verify {{podcast}} - {{brand}}',
      asked:
        'Someone asked {{brand}} to confirm that the podcast "{{podcast}}" belongs to the {{brand}} "{{tipjar}}". This address is named as the owner in the podcast\'s feed.',
      code: 'Your code: {{code}}',
      works:
        'The code works for {{minutes}} minutes and a few tries. Did you not ask for this? Give the code to no one and ignore this e-mail.',
    },
    feedStopped: {
      subject: 'We can no longer read the feed of {{tipjar}} - {{brand}}',
      stopped:
        '{{brand}} reads the feed of "{{tipjar}}" every hour to keep its episodes up to date. The last {{failures}} tries failed, so we stopped reading it:',
      again: 'Is the address right? Save it again in the settings and we read the feed at once: {{link}}',
    },
    passwordChanged: {
      subject: 'Your password was changed - {{brand}}',
      changed: 'The password of your {{brand}} account was just changed. Every other session has been logged out.',
      notYou: "Wasn't this you? Set a new password right away with this link:",
      contact: 'Then contact us, so we can find out what happened: {{link}}',
    },
    adminAdded: {
      subject: 'New admin of {{tipjar}} - {{brand}}',
      added:
        '{{admin}} is now an admin of {{tipjar}}. An admin sees its tips and can change its settings and bank details.',
      remove: "Don't know this person, or wasn't this meant to happen? Remove the admin in the settings:",
      tellUs: 'And let us know: {{link}}',
    },
    adminInvitation: {
      subject: 'Invitation to manage a {{brand}}',
      invites:
        '{{inviter}} invites you to become an admin of the {{brand}} {{tipjar}}. An admin sees its tips and can change its settings and bank details.',
      answer:
        'Accept or decline the invitation with this link (log in with {{email}}, or create an account with that address):',
      valid:
        'The invitation is valid for {{days}} days. Not expecting this? Ignore this mail or decline: nothing changes without you.',
    },
    emailChanged: {
      subject: 'Your e-mail address was changed - {{brand}}',
      changed:
        'Your {{brand}} account now uses the e-mail address {{email}}. Mails, receipts and logging in go through that address from now on; this address gets nothing more from us.',
      notYou: "Wasn't this you, or didn't you ask for it? Contact us right away and we will put your account back:",
    },
    emailChangedNotice: {
      subject: 'Your {{brand}} account now uses this address',
      uses: 'Your {{brand}} account uses this e-mail address from now on. Log in with it: {{link}}',
      notYours: "Don't have an account with {{brand}}, or wasn't this meant to happen? Let us know: {{link}}",
    },
    emailConfirmation: {
      subject: 'Confirm your e-mail address - {{brand}}',
      confirm:
        'Confirm that {{email}} is the e-mail address of your {{brand}} account with this link (valid for {{days}} days):',
      afterwards: 'Once confirmed, the tips you gave with this address without logging in appear in your data too.',
      notYours:
        "Didn't make a {{brand}} account? Then don't open the link: someone else gave your address. Without confirmation that account sees nothing of what you did with this address.",
    },
    bankAccountChanged: {
      subject: 'The bank account of {{tipjar}} was changed - {{brand}}',
      changed:
        'A new bank account was given for {{tipjar}}. Once the payment provider has checked it, tips are paid out to it.',
      notYou:
        "Wasn't this you, nor another admin? Check right away in the settings who the admins are, and change your password:",
      contact: 'And contact us, so we hold the payouts until it is cleared up: {{link}}',
    },
    twoStepOff: {
      subject: 'Two-step login was turned off - {{brand}}',
      off: 'Two-step login was just turned off for your {{brand}} account. Your password alone signs in again, and remembered devices are forgotten.',
      notYou: "Wasn't this you? Then someone else knows your password and a code. Set a new password right away:",
      turnOn: 'Then turn two-step login back on on your account page, and let us know: {{link}}',
    },
    twoStepOn: {
      subject: 'Two-step login was turned on - {{brand}}',
      on: 'Two-step login was just turned on for your {{brand}} account. From now on you sign in with your password and a code from your authenticator app (or one of your recovery codes).',
      notYou:
        "Wasn't this you? Then someone else was in your account and can lock you out. Set a new password right away:",
      askUs: 'and ask us to turn two-step login off for you: {{link}}',
    },
    twoStepReset: {
      subject: 'Two-step login turned off by support - {{brand}}',
      off: 'Our support team turned off two-step login for your {{brand}} account, as you lost your authenticator app and recovery codes. Your password alone signs in again, and remembered devices are forgotten.',
      turnOn: 'Once you are signed in, turn it back on right away on your account page, with your new phone.',
      notYou: "Didn't you ask for this? Then set a new password right away:",
      tellUs: 'And let us know at once: {{link}}',
    },
  },
  /** The words on an invoice PDF (modules/invoices/invoice-pdf.ts). */
  invoice: {
    invoice: 'Invoice',
    draft: 'Draft',
    void: 'Void',
    number: 'Invoice number',
    date: 'Invoice date',
    dueDate: 'Due date',
    period: 'Period',
    billTo: 'Bill to',
    coc: 'Chamber of Commerce no.',
    vatNumber: 'VAT no.',
    iban: 'IBAN',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price excl. VAT',
    amount: 'Amount excl. VAT',
    subtotal: 'Subtotal excl. VAT',
    vat: 'VAT {{rate}}',
    total: 'Total incl. VAT',
    continued: 'continued',
    page: 'Page {{page}} of {{pages}}',
    /** A line the platform wrote (InvoiceLine.text); the English one is also stored as its description. */
    line: {
      feeOne: 'Platform fee on {{count}} tip in {{period}}',
      feeMany: 'Platform fee on {{count}} tips in {{period}}',
      order: '{{product}} for {{tipjar}}',
      creditOne: 'Platform fee refunded on {{count}} refund or chargeback',
      creditMany: 'Platform fee refunded on {{count}} refunds and chargebacks',
    },
    /** Payment terms, by case. */
    terms: {
      pay: 'Please pay {{total}} within {{days}} days, by {{due}}, quoting invoice number {{number}}.',
      payTo: 'Bank account in the name of {{name}}: {{iban}}.',
      feeWithheld:
        'The platform fee was deducted from your tips when they were paid out: there is nothing left to pay.',
      paid: 'This invoice has been paid. Thank you.',
      voided: 'This invoice has been voided: there is nothing to pay.',
      nothingToPay: 'There is nothing to pay for this invoice.',
    },
  },
  /** The words of the shared files: badge, QR code, poster, funding tag (modules/share). */
  share: {
    /** On the badge, and its alt text in the snippet. */
    badge: 'Tip us on {{brand}}',
    /** The badge's accessible name as a file of its own (`<title>`). */
    badgeTitle: 'Tip {{name}} on {{brand}}',
    /** The QR code's accessible name (`<title>` of the SVG). */
    qrTitle: 'QR code: tip {{name}} on {{brand}}',
    /** The text of the `podcast:funding` tag (podcast apps show it as the link's label; keep it short). */
    funding: 'Tip us on {{brand}}',
    /** The poster's invitation under the podcast's name. */
    posterLine: 'Enjoying the show? Scan the code and give us a tip.',
    posterEpisode: 'Episode: {{title}}',
    posterFooter: 'Tip with iDEAL or Bancontact on {{brand}}',
  },
  /** Refusals in the asker's language (the web shows its own text per field key). */
  /** Column headers of CSV files made for a spreadsheet (`;`, decision 084); files for programs keep their keys. */
  csv: {
    tips: {
      created: 'Date',
      status: 'Status',
      amount: 'Amount',
      fee: 'Platform fee',
      net: 'Net',
      refunded: 'Refunded',
      paymentMethod: 'Payment method',
      displayName: 'Name',
      message: 'Message',
      episode: 'Episode',
      monthly: 'Monthly tip',
      id: 'Tip id',
    },
    monthlyTips: {
      created: 'Started',
      status: 'Status',
      amount: 'Amount',
      level: 'Level',
      mandate: 'Mandate',
      paymentMethod: 'Payment method',
      nextChargeAt: 'Next payment',
      cancelledAt: 'Cancelled',
      displayName: 'Name',
      message: 'Message',
      id: 'Monthly tip id',
      interval: 'Per (month or year)',
    },
    specification: {
      date: 'Date',
      tipId: 'Tip id',
      amount: 'Amount',
      fee: 'Platform fee',
    },
  },
  /** Short API texts per feed failure, in the asker's language (the web shows its own text per field key). */
  feeds: {
    failure: {
      not_a_feed: 'This address does not give a podcast feed',
      not_found: 'Nothing was found at this address',
      too_large: 'The feed is too large',
      too_slow: 'The feed took too long to answer',
      refused_address: 'This address points to a private or local network',
      bad_url: 'Only http and https addresses can be read',
      unreachable: "The feed's server could not be reached",
    },
  },
  /** Reasons a request is refused that the user can act on (AppError.because, decision 083). */
  supporterFeed: {
    titleSuffix: '{{tipjar}} (supporters)',
    description:
      'The bonus episodes of {{tipjar}} for you as a supporter. This feed is private: please do not share its address.',
    endedTitle: 'Your support has ended — renew here',
    endedDescription:
      'Your monthly tip to {{tipjar}} has ended, so the bonus episodes are no longer in this feed. Renew your support at {{link}} and they come back in this same feed.',
  },
  error: {
    bonusNotAudio: 'This file is not an mp3, m4a or ogg audio file',
    bonusNotImage: 'This file is not a JPEG or PNG image',
    bonusAudioTooLarge: 'The audio file is larger than {{max}}',
    bonusArtworkTooLarge: 'The artwork is larger than {{max}}',
    bonusUploadPartTooLarge: 'One part of an upload is at most {{max}} bytes',
    bonusUploadOffset: 'This part does not start where the upload stands: send from byte {{expected}}',
    bonusUploadRange:
      'The Content-Range header must say bytes START-END/TOTAL of this upload, for exactly the bytes sent',
    bonusEpisodesMax: 'A tip jar has at most {{max}} bonus episodes',
    bonusLevelUnknown: "This level is not one of this tip jar's levels",
    paymentBeingStarted: 'This payment is being started right now; try again in a moment',
    paymentStartedElsewhere: 'Another payment attempt was started at the same time; reload',
    providerRejectedDetails: 'The payment provider did not accept these details',
    businessNeedsCompany: 'A business needs its company name and CoC number first',
    tipBeingCreated: 'The same tip is being created right now; try again',
    recurringTipBeingCreated: 'The same monthly tip is being created right now; try again',
    invoiceEmpty: 'An invoice of €0.00 is not made: there is nothing to invoice',
    invoiceOncePerMonth: 'This tip jar already has an invoice for that month',
    invoiceNotDraftChange: 'Only draft invoices can be changed',
    invoiceNotDraftDelete: 'Only draft invoices can be deleted',
    invoiceNotLatest:
      'Only the latest invoice number can be deleted (numbers stay gap-free); void this invoice instead',
    periodNotFinished: 'Only a finished month can be invoiced',
    tipjarArchived: 'An archived tip jar cannot be changed',
    tipjarChanged: 'The tip jar changed meanwhile; reload and try again',
    tipjarArchivedNoAdmins: 'An archived tip jar gets no new admins',
    tipjarLastAdmin: 'A tip jar needs at least one admin',
    soleTipjarAdmin: 'You alone run {{names}}: give it another admin or archive it first',
    userArchived: 'An archived user cannot be changed',
    ownAdminRole: 'You cannot remove your own admin role',
    ownAccount: 'You cannot delete your own account here',
    emailConfirmed: 'This e-mail address is confirmed already',
    twoStepOnAlready: 'Two-step login is already on',
    twoStepStartFirst: 'Start the setup first (or two-step login is on already)',
    twoStepOffAlready: 'Two-step login is off already',
    twoStepOwn: 'Turn your own two-step login off on your account page',
    twoStepOff: 'Two-step login is off',
    paidTipjarRemoval: 'A paid tip jar can only be removed by the platform',
    merchantBusy: 'The registration is being processed right now; try again in a moment',
    merchantDisconnectFirst: 'Disconnect the current merchant first',
    merchantConsumerOnly: 'Only a consumer merchant can be migrated',
    merchantRegistered: 'This tip jar is already registered with the payment provider',
    feedVerified: 'This feed is already verified',
    orderPaid: 'This order is already paid',
    orderArchived: 'An archived tip jar has no payment to retry',
    tipChargedBack: 'This tip was charged back: the money is already back with the tipper',
    tipNotPaid: 'Only a paid tip can be refunded',
    tipUnknownAtProvider: 'The payment of this tip is not known at the provider',
    monthlyCancelled: 'A cancelled monthly tip cannot be changed',
    monthlyCancelledNoPayment: 'A cancelled monthly tip has no payment to set up',
    monthlyPaymentSet: 'The payment is already set up',
    monthlyProcessing: "This month's payment is still being processed; try again later",
    monthlyPaying: 'This month is already being paid; reload',
    monthlyRaiseLogin: 'Log in to raise a monthly tip; the link can lower, pause or cancel it',
    paymentBeingSetUp: 'This payment is being set up right now; reload in a moment',
    apiTokenOperation: 'An API token cannot call this operation; sign in to the backoffice for it',
    apiTokenScope: 'This API token lacks the scope for this operation (it needs {{scopes}})',
    apiTokenTipjar: 'This API token is for another tip jar',
    apiTokenFields: 'An API token cannot change these fields: {{fields}}',
    apiTokenRateLimited: 'Too many requests with this API token; wait a minute',
    apiTokenOwnAdmins: "Only the tip jar's own admins can create API tokens for it",
    apiTokenLimit: 'A tip jar can have at most {{max}} API tokens; revoke one first',
  },
} as const;

/** A catalog in the shape of the English one: every key en has, each a text (nl.ts). */
export type Catalog<T = typeof en> = { readonly [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
