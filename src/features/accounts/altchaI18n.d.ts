// altcha's translation files that its package ships without a type file of their own (each only
// registers its words with the widget when imported).
declare module 'altcha/i18n/es-es';
declare module 'altcha/i18n/fr-fr';
declare module 'altcha/i18n/zh-cn';
