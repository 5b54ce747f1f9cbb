import { apiRoutes } from "@core/api/routes";
import type { trialSignupSchema } from "@core/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { requestJson } from "@/lib/api-client";

export type TrialSignupInput = z.output<typeof trialSignupSchema>;

/** POST /api/trial-signup: records the email (twice is fine) and answers it back. */
export function createTrialSignup(input: TrialSignupInput): Promise<{ email: string }> {
  return requestJson<{ email: string }>("POST", apiRoutes.trialSignup.url(), input);
}

export function useCreateTrialSignup() {
  return useMutation({ mutationFn: createTrialSignup });
}
