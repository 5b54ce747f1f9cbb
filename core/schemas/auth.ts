// Sign-up, sign-in and trial sign-up inputs, parsed by the server's routes and usable by any form.
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
// argon2 hashes whatever it is given; a cap keeps one request from burning seconds of CPU.
export const PASSWORD_MAX_LENGTH = 256;

/** Trimmed and lower-cased, so "  Ada@Example.COM " and "ada@example.com" are one account. */
export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(254, "Email must be 254 characters or less.")
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const passwordSchema = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or less.`);

export const usernameSchema = z
  .string({ error: "Username is required." })
  .trim()
  .min(2, "Username must be at least 2 characters.")
  .max(40, "Username must be 40 characters or less.")
  .regex(/^[\p{L}\p{N}._-]+$/u, "Username may contain only letters, digits, dots, dashes and underscores.");

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be 100 characters or less.`)
    .optional()
    .transform((value) => (value ? value : null));

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
});

/** `email` may also hold a username; `username` is accepted as an alias of the identifier. */
export const signInSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z
      .string({ error: "Password is required." })
      .min(1, "Password is required.")
      .max(PASSWORD_MAX_LENGTH),
  })
  .transform(({ email, username, password }) => ({
    identifier: (email || username || "").toLowerCase(),
    password,
  }))
  .refine((value) => value.identifier.length > 0, { message: "Email is required.", path: ["email"] });

export const trialSignupSchema = z.object({
  email: z
    .string({ error: "Email required: Please enter your email address to continue" })
    .trim()
    .toLowerCase()
    .min(1, "Email required: Please enter your email address to continue")
    .max(254, "Email must be 254 characters or less.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
});

/** The colour theme a user chose: follow the system's, or always light or dark. */
export const THEME_PREFERENCES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** `PATCH /api/me/preferences`: what the user chose for themselves, across their devices. */
export const userPreferencesSchema = z
  .object({
    theme: z.enum(THEME_PREFERENCES, { error: 'theme must be "system", "light" or "dark".' }),
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** The user as every API answer shows it. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  username: z.string().nullable(),
  theme: z.enum(THEME_PREFERENCES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
