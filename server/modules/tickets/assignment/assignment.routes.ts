import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../../contract/permissions';
import { ticketDtoSchema } from '../../../../contract/schemas/tickets.dto';
import {
  assignmentSettingsDtoSchema,
  assignmentSettingsSchema,
  assignTicketSchema,
  supportAvailabilityDtoSchema,
  supportAvailabilitySchema,
  supportTeamDtoSchema,
  supportTeamSchema,
  ticketAssigneeOptionSchema,
  ticketPrioritySchema,
} from '../../../../contract/schemas/ticketAssignment';
import type { AppContext } from '../../../context';
import { send } from '../../../core/envelope';
import { requirePrincipal } from '../../../core/guard';
import { answers, idParams, routeDocs } from '../../../core/openapi/routeDocs';
import { validate } from '../../../core/validation';
import { createTicketAnnouncer } from '../tickets.events';
import { createAssignmentService } from './assignment.service';

type IdParams = { Params: { id: string } };

const oneTicket = { params: idParams, response: { 200: ticketDtoSchema } };

/**
 * Who handles a ticket and its priority (issue 25): staff assign (themselves with `me`, or nobody with null), set the
 * priority, mark themselves available for the round robin, and configure auto-assignment. Partners reach none of it.
 */
export const assignmentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAssignmentService(ctx, createTicketAnnouncer(ctx));
  const tags = ['Tickets'];

  app.put<IdParams>(
    '/tickets/:id/assignee',
    {
      config: { access: permission('TicketAssignments', 'Update') },
      schema: {
        tags,
        summary: 'Assign a ticket to a staff user, to me, or to nobody (null), with an optional note',
        ...routeDocs({ ...oneTicket, body: assignTicketSchema }),
      },
    },
    async (request, reply) => {
      const input = await validate(assignTicketSchema, request.body);
      return send(request, reply, await service.assign(requirePrincipal(request), request.params.id, input), { message: 'ticketAssignment.assigned' });
    },
  );

  app.put<IdParams>(
    '/tickets/:id/priority',
    {
      config: { access: permission('TicketAssignments', 'Update') },
      schema: { tags, summary: "Set a ticket's priority", ...routeDocs({ ...oneTicket, body: ticketPrioritySchema }) },
    },
    async (request, reply) => {
      const { priority } = await validate(ticketPrioritySchema, request.body);
      return send(request, reply, await service.setPriority(requirePrincipal(request), request.params.id, priority), {
        message: 'ticketAssignment.prioritySet',
      });
    },
  );

  app.get(
    '/support-desk/assignees',
    {
      config: { access: permission('TicketAssignments', 'View') },
      schema: {
        tags,
        summary: 'Staff tickets can be assigned to (they hold Tickets.AdminUpdate), with their availability',
        ...routeDocs({ response: { 200: answers.listOf(ticketAssigneeOptionSchema) } }),
      },
    },
    async (request, reply) => {
      service.assertStaff(requirePrincipal(request));
      return send(request, reply, await service.assignees());
    },
  );

  app.get(
    '/support-desk/assignment',
    {
      config: { access: permission('TicketAssignments', 'View') },
      schema: { tags, summary: 'The auto-assignment setting and category priorities', ...routeDocs({ response: { 200: assignmentSettingsDtoSchema } }) },
    },
    async (request, reply) => {
      service.assertStaff(requirePrincipal(request));
      return send(request, reply, await service.settings());
    },
  );

  app.put(
    '/support-desk/assignment',
    {
      config: { access: permission('TicketAssignments', 'Configure') },
      schema: {
        tags,
        summary: 'Turn auto-assignment on or off; map categories to priorities',
        ...routeDocs({ body: assignmentSettingsSchema, response: { 200: assignmentSettingsDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      service.assertStaff(principal);
      const input = await validate(assignmentSettingsSchema, request.body);
      return send(request, reply, await service.saveSettings(principal, input), { message: 'ticketAssignment.settingsSaved' });
    },
  );

  app.get(
    '/support-desk/teams',
    {
      config: { access: permission('TicketAssignments', 'View') },
      schema: { tags, summary: 'Support teams a ticket may be handed to', ...routeDocs({ response: { 200: answers.listOf(supportTeamDtoSchema) } }) },
    },
    async (request, reply) => {
      service.assertStaff(requirePrincipal(request));
      return send(request, reply, await service.teams());
    },
  );

  app.post(
    '/support-desk/teams',
    {
      config: { access: permission('TicketAssignments', 'Configure') },
      schema: { tags, summary: 'Add a support team (unique name)', ...routeDocs({ body: supportTeamSchema, response: { 201: supportTeamDtoSchema } }) },
    },
    async (request, reply) => {
      const { name } = await validate(supportTeamSchema, request.body);
      return send(request, reply, await service.createTeam(requirePrincipal(request), name), { statusCode: 201, message: 'ticketAssignment.teamCreated' });
    },
  );

  app.delete<IdParams>(
    '/support-desk/teams/:id',
    {
      config: { access: permission('TicketAssignments', 'Configure') },
      schema: {
        tags,
        summary: 'Remove a support team (its tickets keep their assignee, with no team)',
        ...routeDocs({ params: idParams, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      await service.deleteTeam(requirePrincipal(request), request.params.id);
      return send(request, reply, null, { message: 'ticketAssignment.teamDeleted' });
    },
  );

  app.get(
    '/support-desk/availability',
    {
      config: { access: permission('TicketAssignments', 'View') },
      schema: { tags, summary: 'Whether I take auto-assigned tickets', ...routeDocs({ response: { 200: supportAvailabilityDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.availability(requirePrincipal(request))),
  );

  app.put(
    '/support-desk/availability',
    {
      config: { access: permission('TicketAssignments', 'View') },
      schema: {
        tags,
        summary: 'Mark myself available (or not) for auto-assigned tickets',
        ...routeDocs({ body: supportAvailabilitySchema, response: { 200: supportAvailabilityDtoSchema } }),
      },
    },
    async (request, reply) => {
      const { available } = await validate(supportAvailabilitySchema, request.body);
      return send(request, reply, await service.setAvailability(requirePrincipal(request), available));
    },
  );
};
