// Spoken languages the local speech models can transcribe, as ISO 639-1 codes (shared by the
// upload form and the server's validation). Parakeet-TDT 0.6B v3 covers 25 European languages;
// Whisper covers the rest of this list. Whisper's own name for a language is its ISO 639-1
// code except Javanese ('jw'); languages Whisper names with longer codes (Hawaiian 'haw',
// Cantonese 'yue') are left out because ISO 639-1 has no code for them.

/** The form's and the API's value for "Detect automatically". */
export const DETECT_LANGUAGE = "auto";

export const SPEECH_LANGUAGES = [
  ["af", "Afrikaans"],
  ["am", "Amharic"],
  ["ar", "Arabic"],
  ["as", "Assamese"],
  ["az", "Azerbaijani"],
  ["ba", "Bashkir"],
  ["be", "Belarusian"],
  ["bg", "Bulgarian"],
  ["bn", "Bengali"],
  ["bo", "Tibetan"],
  ["br", "Breton"],
  ["bs", "Bosnian"],
  ["ca", "Catalan"],
  ["cs", "Czech"],
  ["cy", "Welsh"],
  ["da", "Danish"],
  ["de", "German"],
  ["el", "Greek"],
  ["en", "English"],
  ["es", "Spanish"],
  ["et", "Estonian"],
  ["eu", "Basque"],
  ["fa", "Persian"],
  ["fi", "Finnish"],
  ["fo", "Faroese"],
  ["fr", "French"],
  ["gl", "Galician"],
  ["gu", "Gujarati"],
  ["ha", "Hausa"],
  ["he", "Hebrew"],
  ["hi", "Hindi"],
  ["hr", "Croatian"],
  ["ht", "Haitian Creole"],
  ["hu", "Hungarian"],
  ["hy", "Armenian"],
  ["id", "Indonesian"],
  ["is", "Icelandic"],
  ["it", "Italian"],
  ["ja", "Japanese"],
  ["jv", "Javanese"],
  ["ka", "Georgian"],
  ["kk", "Kazakh"],
  ["km", "Khmer"],
  ["kn", "Kannada"],
  ["ko", "Korean"],
  ["la", "Latin"],
  ["lb", "Luxembourgish"],
  ["ln", "Lingala"],
  ["lo", "Lao"],
  ["lt", "Lithuanian"],
  ["lv", "Latvian"],
  ["mg", "Malagasy"],
  ["mi", "Maori"],
  ["mk", "Macedonian"],
  ["ml", "Malayalam"],
  ["mn", "Mongolian"],
  ["mr", "Marathi"],
  ["ms", "Malay"],
  ["mt", "Maltese"],
  ["my", "Burmese"],
  ["ne", "Nepali"],
  ["nl", "Dutch"],
  ["nn", "Norwegian Nynorsk"],
  ["no", "Norwegian"],
  ["oc", "Occitan"],
  ["pa", "Punjabi"],
  ["pl", "Polish"],
  ["ps", "Pashto"],
  ["pt", "Portuguese"],
  ["ro", "Romanian"],
  ["ru", "Russian"],
  ["sa", "Sanskrit"],
  ["sd", "Sindhi"],
  ["si", "Sinhala"],
  ["sk", "Slovak"],
  ["sl", "Slovenian"],
  ["sn", "Shona"],
  ["so", "Somali"],
  ["sq", "Albanian"],
  ["sr", "Serbian"],
  ["su", "Sundanese"],
  ["sv", "Swedish"],
  ["sw", "Swahili"],
  ["ta", "Tamil"],
  ["te", "Telugu"],
  ["tg", "Tajik"],
  ["th", "Thai"],
  ["tk", "Turkmen"],
  ["tl", "Tagalog"],
  ["tr", "Turkish"],
  ["tt", "Tatar"],
  ["uk", "Ukrainian"],
  ["ur", "Urdu"],
  ["uz", "Uzbek"],
  ["vi", "Vietnamese"],
  ["yi", "Yiddish"],
  ["yo", "Yoruba"],
  ["zh", "Chinese"],
] as const satisfies readonly (readonly [string, string])[];

export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number][0];

/** Parakeet-TDT 0.6B v3's 25 languages (upstream model card). */
export const EUROPEAN_LANGUAGES: readonly string[] = [
  "bg",
  "hr",
  "cs",
  "da",
  "nl",
  "en",
  "et",
  "fi",
  "fr",
  "de",
  "el",
  "hu",
  "it",
  "lv",
  "lt",
  "mt",
  "pl",
  "pt",
  "ro",
  "sk",
  "sl",
  "es",
  "sv",
  "ru",
  "uk",
];

const codes: ReadonlySet<string> = new Set(SPEECH_LANGUAGES.map(([c]) => c));

export function isSpeechLanguage(code: string): code is SpeechLanguage {
  return codes.has(code);
}

/**
 * Reads the `language` a client sent: empty → null (English, the default), "auto" → detect,
 * an ISO 639-1 code in any case → that code. Anything else → an error message that lists what
 * is accepted.
 */
export function parseSpeechLanguage(raw: string | null | undefined): { ok: true; value: string | null } | { ok: false; message: string } {
  const v = (raw ?? "").trim().toLowerCase();
  if (!v) return { ok: true, value: null };
  if (v === DETECT_LANGUAGE || isSpeechLanguage(v)) return { ok: true, value: v };
  return {
    ok: false,
    message:
      `language: "${String(raw).trim().slice(0, 40)}" is not a language the speech models support. ` +
      `Use a two-letter ISO 639-1 code, one of: ${SPEECH_LANGUAGES.map(([c]) => c).join(", ")}; ` +
      `or "${DETECT_LANGUAGE}" to detect it automatically.`,
  };
}
