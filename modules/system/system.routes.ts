import type { FastifyInstance } from 'fastify';
import { defineApi } from '../../platform/define-api';
import { editableProjectConfigRule, type ProjectConfigService } from './project-config';

/** The administrators' calls on the project config. */
export async function systemRoutes(app: FastifyInstance, { project }: { project: ProjectConfigService }) {
  const admin = { tags: ['admin'], auth: 'required' as const, roles: ['admin' as const] };

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/system/project',
    summary:
      'The project config administrators edit: theme colour, logos, base URLs, about-page claims, contacts',
    handler: () => project.editable(),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/system/project',
    summary: 'Set the project config; every instance sends it with its next page',
    body: editableProjectConfigRule,
    handler: ({ body, user }) => project.set(user, body),
  });
}
