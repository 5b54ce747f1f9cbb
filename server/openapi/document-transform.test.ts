// The document's conversion on a bare app (no database): a schema the zod conversion fails on is
// left out of its route's operation instead of failing the whole document, schemas already in JSON
// Schema are kept, and routes outside the API are left out.
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, expect, it } from "vitest";
import { z } from "zod";
import { registerOpenApi } from "./openapi";

/** A type the converter cannot read: reading its inner schema throws, as a broken custom type might. */
const unreadable = z.lazy((): z.ZodString => {
  throw new Error("no JSON Schema for this type");
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function documentOf(register: (app: FastifyInstance) => void) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  register(app);
  await app.ready();
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  const validator = new Validator();
  expect(await validator.validate(structuredClone(document))).toEqual({ valid: true });
  return document;
}

it("leaves out a part it cannot convert, and keeps the route and its other parts", async () => {
  const document = await documentOf((app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      "/api/things/:id",
      {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          querystring: z.object({ odd: unreadable }),
          body: z.object({ name: z.string(), odd: unreadable }),
        },
      },
      async () => ({}),
    );
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        "/api/others",
        { schema: { querystring: z.object({ limit: z.string().optional() }) } },
        async () => [],
      );
  });
  const things = document.paths["/api/things/{id}"].post;
  expect(things.parameters).toEqual([expect.objectContaining({ name: "id", in: "path" })]);
  expect(things.requestBody.content["application/json"].schema).toEqual({});
  expect(document.paths["/api/others"].get.parameters).toEqual([
    expect.objectContaining({ name: "limit", in: "query", required: false }),
  ]);
});

it("keeps a schema already written as JSON Schema, and leaves out routes outside the API", async () => {
  const document = await documentOf((app) => {
    app.post(
      "/api/plain",
      {
        schema: { body: { type: "object", properties: { name: { type: "string" } } } },
        // Fastify's own JSON Schema validation, as a plugin might bring.
        validatorCompiler: () => () => true,
      },
      async () => ({}),
    );
    app.get("/about", async () => "a page");
  });
  expect(document.paths["/api/plain"].post.requestBody.content["application/json"].schema).toEqual({
    type: "object",
    properties: { name: { type: "string" } },
  });
  expect(Object.keys(document.paths).sort()).toEqual(["/api/openapi.json", "/api/plain"]);
});
