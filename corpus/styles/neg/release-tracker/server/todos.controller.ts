import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';

import { TodosService } from './todos.service';

interface CreateTodoDto {
  text: string;
  releaseId?: number;
}

// Version 3 of our own API: v1 and v2 were the PHP app, retired in 2017.
@Controller('api/v3/todos')
export class TodosController {
  constructor(private readonly todos: TodosService) {}

  @Get()
  list(@Req() req) {
    return this.todos.forUser(req.user.id);
  }

  @Post()
  create(@Req() req, @Body() dto: CreateTodoDto) {
    return this.todos.create(req.user.id, dto.text, dto.releaseId);
  }

  @Post(':id/done')
  @HttpCode(200)
  async done(@Req() req, @Param('id') id: string) {
    const todo = await this.todos.markDone(req.user.id, Number(id));
    if (!todo) {
      throw new NotFoundException(`no todo ${id}`);
    }
    return todo;
  }

  // Removes one todo.
  @Delete(':id')
  @HttpCode(204)
  async remove(@Req() req, @Param('id') id: string) {
    const removed = await this.todos.remove(req.user.id, Number(id));
    if (!removed) {
      throw new NotFoundException(`no todo ${id}`);
    }
  }

  // Removes every todo that is done.
  @Delete()
  @HttpCode(204)
  clearDone(@Req() req) {
    return this.todos.clearDone(req.user.id);
  }
}
