// Speech edits (spec: "Proposed interview edits or English caption translations from
// completed transcriptions; does not change the timeline"). Text work is charged from the
// text model's credits per million tokens (spec rule 4) when the job is accepted; the
// receipt shows the tokens; a failed or cancelled job is refunded. Caption translations are
// into English, and the local recogniser hears English only, so this service refuses them
// (the remote service does them); the ones an earlier version made are still served.
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errorCodes.ts';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import {
  findMediaModel,
  findTextModel,
  microsPerCredit,
  SPEECH_TASKS,
  type SpeechTask,
  type TextModel,
} from '../create/modelCatalog.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery, jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { jobFailure, registerMediaJob } from './mediaJob.ts';
import { jobReadRoutes, type JobResource } from './mediaJobResource.ts';
import { createMediaJobStore, mediaJobFields, mediaJobShape, type MediaJobRow } from './mediaJobStore.ts';
import { planInterviewEdit, usageOf, type SpeechEditResult } from './speechEditPlan.ts';
import { isEnglish } from './transcriptWords.ts';
import { completedWords, createTranscriptionStore } from './transcriptions.ts';

const OPERATION = 'POST /speech-edits';

const SpeechEditInput = z
  .strictObject({
    transcriptionId: z
      .number()
      .int()
      .min(1)
      .max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`)
      .describe('A completed transcription.'),
    task: z.enum(SPEECH_TASKS).describe('interview-edit: proposed cuts; caption-translation: English caption cues.'),
    modelId: z
      .string()
      .min(1, 'must not be empty')
      .max(100)
      .describe('A text model from GET /models?kind=text whose speechTasks include the task.'),
    targetLanguage: z
      .string()
      .optional()
      .describe('caption-translation only: "en" (the default); English is the only target offered.'),
  })
  .superRefine((body, issues) => {
    if (body.targetLanguage === undefined) return;
    if (body.task !== 'caption-translation') {
      issues.addIssue({
        code: 'custom',
        path: ['targetLanguage'],
        message: 'is only for caption-translation; leave it out for interview-edit',
      });
    } else if (body.targetLanguage.toLowerCase() !== 'en') {
      issues.addIssue({
        code: 'custom',
        path: ['targetLanguage'],
        message: 'only "en" is offered: caption translations are into English',
      });
    }
  });

type SpeechEditInputBody = z.infer<typeof SpeechEditInput>;

const ProposalSchema = z.object({
  id: z.string(),
  kind: z
    .enum(['cut', 'tighten'])
    .describe('cut: remove a hesitation; tighten: shorten a long pause, keeping a little of it.'),
  startMs: z.number().int().describe("Start of what the proposal is about, in the asset's time."),
  endMs: z.number().int(),
  reason: z.string(),
  cutRange: z
    .object({ startMs: z.number().int(), endMs: z.number().int() })
    .describe(
      "The part to remove, in the asset's time. Editor commands depend on where the asset sits on your timeline: for a clip at timeline position T using the asset from inMs, splitClip at T + (cutRange.startMs − inMs) and at T + (cutRange.endMs − inMs), then removeClip the middle part with ripple: true — or, for many proposals at once, one removeRanges command with each range at T + (cutRange − inMs).",
    ),
});

const CueSchema = z.object({
  startMs: z.number().int(),
  endMs: z.number().int(),
  text: z.string().describe('At most 2 lines of 42 characters, joined by \\n.'),
});

export const SpeechEditSchema = z.object({
  ...mediaJobShape,
  assetId: z.number().int().describe('The transcribed asset.'),
  transcriptionId: z.number().int(),
  task: z.enum(SPEECH_TASKS),
  modelId: z.string(),
  targetLanguage: z.string().nullable().describe('"en" for caption-translation; null for interview-edit.'),
  receipt: z
    .object({
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      costUsd: z
        .number()
        .describe("What was charged: tokens × the model's credits per million tokens × usdPerCredit; 0 once refunded."),
    })
    .describe('Usage, estimated at about four characters a token and charged when the job was accepted.'),
  proposals: z
    .array(ProposalSchema)
    .nullable()
    .describe(
      'interview-edit: proposed edits in time order. The timeline is not changed. Null until completed, and for caption-translation.',
    ),
  cues: z
    .array(CueSchema)
    .nullable()
    .describe('caption-translation: English caption cues. Null until completed, and for interview-edit.'),
});

interface StoredInput {
  task: SpeechTask;
  modelId: string;
  targetLanguage: 'en' | null;
}

function toSpeechEdit(row: MediaJobRow): z.infer<typeof SpeechEditSchema> {
  const input = JSON.parse(row.input) as StoredInput;
  const receipt = JSON.parse(row.receipt ?? '{"inputTokens":0,"outputTokens":0}') as {
    inputTokens: number;
    outputTokens: number;
  };
  const result = row.state === 'completed' && row.result !== null ? (JSON.parse(row.result) as SpeechEditResult) : null;
  return {
    ...mediaJobFields(row),
    transcriptionId: row.parent_id!,
    task: input.task,
    modelId: input.modelId,
    targetLanguage: input.targetLanguage,
    receipt: { ...receipt, costUsd: row.cost_micros / 1e6 },
    proposals: result?.task === 'interview-edit' ? result.proposals : null,
    cues: result?.task === 'caption-translation' ? result.cues : null,
  };
}

function textModelFor(modelId: string, task: SpeechTask): TextModel {
  const model = findTextModel(modelId);
  if (!model) {
    const hint = findMediaModel(modelId) ? ' is a media model, not a text model' : ' is not a model';
    throw new ApiError('model.unknown', `modelId: "${modelId}"${hint}; pick a text model from GET /models?kind=text.`);
  }
  if (!model.speechTasks.includes(task)) {
    throw new ApiError(
      'model.task_unsupported',
      `modelId: ${model.name} (${model.id}) does ${model.speechTasks.join(' and ')}, not ${task}; pick a text model whose speechTasks include ${task}.`,
    );
  }
  if (!model.available)
    throw new ApiError(
      'model.unavailable',
      `${model.name} (${model.id}) is not available right now: pick another text model from GET /models?kind=text.`,
    );
  return model;
}

export function speechEditRoutes(ctx: SandboxContext): Route[] {
  const store = createMediaJobStore(ctx, 'speech_edits', 'speech edit');
  const transcriptions = createTranscriptionStore(ctx);
  const resource: JobResource = {
    kind: 'speech-edit',
    store,
    basePath: '/speech-edits',
    tag: 'Speech edits',
    schema: SpeechEditSchema,
    toApi: toSpeechEdit,
  };

  registerMediaJob<SpeechEditResult>(ctx, {
    kind: 'speech-edit',
    store,
    async work(row) {
      // A caption translation queued by an earlier version when it stopped: this one cannot do it (refunded).
      if ((JSON.parse(row.input) as StoredInput).task !== 'interview-edit')
        throw jobFailure(
          'speech_edit.translation_unavailable',
          ERROR_CODES['speech_edit.translation_unavailable'].meaning,
        );
      // A completed transcription never changes, so this is the plan priced at acceptance.
      const transcription = transcriptions.get(row.account_id, row.parent_id!);
      return planInterviewEdit(completedWords(transcription));
    },
  });

  /** Every check, the charge and the record; runs inside the accepting transaction. */
  function accept(accountId: number, body: SpeechEditInputBody): number {
    const transcription = transcriptions.get(accountId, body.transcriptionId);
    const model = textModelFor(body.modelId, body.task);
    const words = completedWords(transcription);
    const { language } = JSON.parse(transcription.input) as { language: string };
    if (body.task === 'caption-translation') {
      if (isEnglish(language))
        throw new ApiError(
          'speech_edit.same_language',
          `Transcription ${transcription.id} is already in English (${language}): use its captions (GET /transcriptions/${transcription.id}/captions.srt or .vtt) instead of translating.`,
        );
      throw new ApiError('speech_edit.translation_unavailable');
    }
    const usage = usageOf(
      words,
      planInterviewEdit(words),
      model,
      microsPerCredit(ctx.wallet.pricingMultiplier(accountId)),
    );
    if (usage.micros > 0) ctx.wallet.charge(accountId, usage.micros, `This ${model.name} ${body.task}`);
    const input: StoredInput = { task: body.task, modelId: model.id, targetLanguage: null };
    return store.insert({
      accountId,
      assetId: transcription.asset_id,
      projectId: transcription.project_id,
      parentId: transcription.id,
      input,
      costMicros: usage.micros,
      receipt: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
    });
  }

  return [
    route({
      method: 'GET',
      path: '/speech-edits',
      auth: 'any',
      tag: 'Speech edits',
      summary: 'List speech edits, newest first',
      query: jobListQuery.extend({
        transcriptionId: intQuery(1, CREATE_LIMITS.idMax)
          .optional()
          .describe('Only the speech edits of this transcription.'),
      }),
      responses: { 200: { description: 'A page of speech edits', schema: SpeechEditSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf(
          (where, args, limit) =>
            store.page(principal.accountId, 'parent_id', query.transcriptionId, where, args, limit),
          query,
        );
        return { data: items.map(toSpeechEdit), pagination };
      },
    }),
    route<SpeechEditInputBody>({
      method: 'POST',
      path: '/speech-edits',
      auth: 'any',
      tag: 'Speech edits',
      summary:
        "Propose interview edits, or translate captions into English, from a completed transcription. Does not change the timeline. This service proposes edits only: its transcriptions are English, so it refuses caption translations (speech_edit.same_language). Charged as text work when accepted (tokens × the model's credits per million tokens × usdPerCredit); refunded if it fails or is cancelled",
      body: SpeechEditInput,
      idempotent: true,
      responses: {
        202: { description: 'Accepted: poll GET /speech-edits/{id} until completed', schema: SpeechEditSchema },
        200: {
          description:
            'A replay of an earlier identical request with this Idempotency-Key: the same job, not charged again',
          schema: SpeechEditSchema,
        },
        400: {
          description:
            'request.invalid (a field, e.g. targetLanguage other than "en"), model.unknown, model.task_unsupported, speech_edit.same_language (a caption translation of English speech: every transcription this service makes is English), speech_edit.translation_unavailable, idempotency.key_missing or idempotency.key_invalid',
        },
        403: { description: 'wallet.insufficient_balance: nothing was created or charged' },
        404: { description: 'resource.not_found: no such transcription in this account' },
        409: { description: 'transcription.not_ready (not completed), model.unavailable or idempotency.key_reused' },
      },
      handler({ principal, body, idempotencyKey }) {
        const { accountId } = principal;
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input: body }, () =>
          accept(accountId, body),
        );
        if (!outcome.replay) ctx.jobs.enqueue('speech-edit', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toSpeechEdit(store.get(accountId, outcome.id)) };
      },
    }),
    ...jobReadRoutes(ctx, resource),
  ];
}
