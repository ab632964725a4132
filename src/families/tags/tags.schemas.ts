import { Type, type Static } from 'typebox';
import { DateTime, Name, OrNull, Uuid } from '../../base/http/schemas.js';
import { offsetListSchema } from '../../base/lists/offset.js';

const Colour = Type.String({
  pattern: '^#[0-9a-fA-F]{6}$',
  description: 'Display colour, #rrggbb.',
  examples: ['#2f80ed'],
});

export const Tag = Type.Object(
  {
    id: Uuid('Tag id.'),
    name: Type.String({ description: 'Unique in the workspace, case-insensitively.', examples: ['pci-scope'] }),
    colour: Colour,
    description: OrNull(Type.String({ examples: ['In scope of the PCI DSS audit'] }), 'What the tag means.'),
    createdAt: DateTime('Creation instant.'),
  },
  { description: 'A free label attached to applications, servers and routers.' },
);
export type Tag = Static<typeof Tag>;

export const CreateTag = Type.Object(
  {
    name: Name('Tag name; unique in the workspace regardless of case.', 'pci-scope'),
    colour: Type.Optional({ ...Colour, description: 'Display colour, #rrggbb; default #6b7280.' }),
    description: Type.Optional(OrNull(Type.String({ maxLength: 2000 }), 'What the tag means.')),
  },
  { additionalProperties: false },
);
export type CreateTag = Static<typeof CreateTag>;

export const TagList = offsetListSchema(Tag, 'Offset list of tags.');
