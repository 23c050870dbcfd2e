import { HTML_LANG } from '../language.ts';
import { PLACES_PT, zonePlace } from '../zone-place.ts';
import type { ContactTexts } from './es.ts';

// The contact's e-mails and pages in Brazilian Portuguese: written for the
// reader, not translated word for word (docs/contact-languages.md fixes the key
// terms and says who has reviewed them). Every key of es.ts, in its order, or
// the type check fails.

export const pt: ContactTexts = {
  locale: 'pt-BR',
  htmlLang: HTML_LANG.pt,
  calendar: null,

  zoneSuffix: (zone) => `(horário de ${zonePlace(zone, PLACES_PT)})`,
  universalTime: '(horário universal)',
  when: (moment) => `Quando: ${moment}`,
  receivedLate: (moment) =>
    `O celular estava sem conexão, por isso o alerta só chegou ao nosso servidor mais tarde, ${moment}.`,
  whereLabel: 'Onde:',
  positionUnavailable: 'localização indisponível (o celular não conseguiu compartilhá-la)',
  coordinates: (latitude, longitude) => `latitude ${latitude}, longitude ${longitude}`,
  mapLabel: 'Mapa:',
  seeOnMap: 'Abrir o mapa',

  greeting: (name) => `Olá, ${name},`,
  footerWhy: (who, app) =>
    `Você está recebendo este e-mail porque aceitou ser contato de emergência de ${who} no ${app}.`,
  footerUnsubscribeText: (who) => `Para não receber mais e-mails sobre ${who}:`,
  unsubscribeLink: (who) => `Não quero mais receber e-mails sobre ${who}`,
  ackText: (who) => `Avise ${who} que você recebeu o alerta: abra este link e toque em «Recebi».`,
  ackHtml: (who) => `Avise ${who} que você recebeu o alerta:`,
  ackButton: 'Recebi',

  startedSubject: (who) => `ALERTA SOS: ${who} está em perigo`,
  startedLead: (who, app) => `${who} apertou o botão SOS do ${app} para avisar você de que está em perigo.`,
  startedLeadHtml: 'apertou o botão SOS para avisar você de que está em perigo.',
  whatToDo: 'O que fazer agora:',
  todoCall: (who, phone) => `Ligue agora para ${who} no ${phone}.`,
  todoFamily:
    'Se não atender, avise a família, o advogado ou a organização que acompanha o caso, e compartilhe a localização.',
  todoKeep: 'Guarde este e-mail: ele tem a hora e o lugar do alerta.',

  positionSubject: (who) => `ALERTA SOS: localização de ${who}`,
  positionLead: (who) =>
    `O alerta SOS de ${who} saiu sem localização. Esta é a primeira localização que o celular conseguiu compartilhar:`,

  endedSubject: (who) => `${who} encerrou o alerta SOS`,
  endedLead: (who) => `${who} encerrou o alerta SOS pelo aplicativo.`,
  whoReceived: 'Quem recebeu o alerta:',
  nobodyAcknowledged: 'Ninguém confirmou que recebeu o alerta.',
  endedQuestions: (who, phone) => `Se tiver dúvidas, ligue para ${who} no ${phone}.`,
  deliveryAcknowledged: (name) => `Recebido por ${name}`,
  deliveryAcknowledgedAt: (name, time) => `Recebido por ${name} (${time})`,
  deliverySent: (name) => `Enviado para ${name}, ainda sem confirmação`,
  deliverySentAt: (name, time) => `Enviado para ${name} (${time}), ainda sem confirmação`,
  deliveryPending: (name) => `Enviando para ${name}…`,
  deliveryRetrying: (name) => `Ainda não foi possível enviar para ${name}; continuamos tentando`,
  deliveryFailed: (name) => `Não foi possível enviar para ${name}`,
  deliveryCancelled: (name) => `Não enviado para ${name}: o alerta terminou antes de sair`,

  reminderSubject: (who) => `Lembrete: ${who} continua em perigo e ninguém confirmou o alerta SOS`,
  reminderLead: (minutes, who) =>
    `${who} apertou o botão SOS há ${minutes} minutos, e até agora ninguém confirmou que recebeu o alerta.`,
  reminderLeadMissed: (minutes, who) =>
    `Há ${minutes} minutos ${who} não confirmou a tempo que estava bem e o aplicativo enviou o alerta; até agora ninguém confirmou que o recebeu.`,
  reminderTodo: (who, phone) =>
    `Ligue agora para ${who} no ${phone}. Se não atender, avise a família, o advogado ou a organização que acompanha o caso.`,

  practiceSubject: (who) => `TESTE: alerta de teste de ${who} (não é uma emergência)`,
  practiceNotice: (who) => `TESTE: isto é só um teste. ${who} não está em perigo.`,
  practiceAbout: (who, app) =>
    `${who} está testando o ${app} para ter certeza de que os alertas chegam até você. Numa emergência de verdade, o assunto do e-mail começaria com «ALERTA SOS».`,

  invitationSubject: (who) => `${who} adicionou você como contato de emergência`,
  invitationLead: (who, app) =>
    `${who} adicionou você como contato de emergência no ${app}, um aplicativo de segurança pessoal para imigrantes.`,
  invitationIfYouAccept: (who) =>
    `Se você aceitar, toda vez que ${who} apertar o botão SOS vamos mandar um e-mail com a hora do alerta e a localização (quando houver), para que você possa ajudar.`,
  invitationHowText: 'Para aceitar, abra este link, leia os termos e condições e toque em «Aceitar»:',
  invitationHowHtml: 'Para aceitar, abra o link, leia os termos e condições e toque em «Aceitar».',
  invitationButton: 'Ver o convite',
  invitationExpiry: (days) =>
    `O link só pode ser usado uma vez e vence em ${days} dias. Se você não conhece essa pessoa ou não quer ser o contato dela, ignore este e-mail: sem o seu aceite, você não recebe os alertas.`,
  invitationUnsubscribe: (who) => `Se não quiser receber mais e-mails sobre ${who}, abra este link:`,

  switchLabel: 'Idioma',
  sending: 'Enviando…',
  confirmTitle: 'Confirmar contato',
  confirmHeading: 'Confirme que você é contato de emergência',
  confirmIntro: (who) =>
    who
      ? `${who} adicionou você como contato de emergência. Leia e aceite estes termos para receber os alertas por e-mail.`
      : 'Uma pessoa adicionou você como contato de emergência. Leia e aceite estes termos para receber os alertas dela por e-mail.',
  termsTitle: 'Termos e condições',
  termsAccept: 'Aceitar',
  acceptTitle: 'Boas-vindas',
  acceptHeading: 'Boas-vindas!',
  acceptJoined: (who) =>
    `Você aceitou os termos e condições e agora faz parte dos contatos de emergência ${who ? `de ${who}` : 'da pessoa que adicionou você'}.`,
  acceptWhat: (who) =>
    who
      ? `Se ${who} apertar o botão SOS, vamos avisar você por e-mail com a hora e, se for compartilhada, a localização.`
      : 'Se essa pessoa apertar o botão SOS, vamos avisar você por e-mail com a hora e, se ela compartilhar, a localização.',
  alreadyAcceptedHeading: 'Você já aceitou este convite',
  alreadyAccepted: (who) =>
    `Você já faz parte dos contatos de emergência de ${who}. Não precisa fazer mais nada: se ${who} apertar o botão SOS, vamos avisar você por e-mail.`,
  acceptClose: 'Você já pode fechar esta página.',
  invalidTitle: 'Link inválido',
  invalidText: 'Desculpe, o link que você usou não é válido ou já venceu.',
  unsubscribeTitle: 'Cancelar e-mails',
  unsubscribeHeading: 'Parar de receber e-mails',
  unsubscribeWhy: (app, who) =>
    who
      ? `Você recebeu este link porque ${who} adicionou você como contato de emergência no ${app}. Se cancelar, não vai receber mais e-mails de ${who}, nem os alertas.`
      : `Você recebeu este link porque uma pessoa adicionou você como contato de emergência no ${app}. Se cancelar, não vai receber mais e-mails dessa pessoa, nem os alertas dela.`,
  unsubscribeOthers: 'Se outras pessoas adicionaram você como contato, você continua recebendo os e-mails delas.',
  unsubscribeButton: 'Cancelar meus e-mails',
  unsubscribedHeading: 'Cancelamento confirmado',
  unsubscribedText: 'Você não vai receber mais e-mails dessa pessoa.',
  ackTitle: 'Recebi',
  ackLoading: 'Carregando o alerta…',
  ackLoadFailed: 'Não conseguimos carregar o alerta',
  tryAgain: 'Tentar de novo',
  ackPracticeHeading: (who) => `Alerta de teste de ${who}`,
  ackHeading: (who) => `${who} precisa de ajuda`,
  ackMissedCheckIn: 'Ninguém apertou o botão: o aplicativo enviou este alerta sozinho.',
  factWho: 'Quem',
  factWhen: 'Quando',
  factWhere: 'Onde',
  ackDone: (who, time) => `Pronto: ${who} já sabe que você recebeu o alerta (${time}).`,
  ackDoneForced: (who, time) => `Pronto: registramos que você recebeu o alerta de ${who} (${time}).`,
  ackEnded: (who) => `${who} já encerrou este alerta.`,
  ackReplaced: (who) => `Depois do alerta deste link, chegou um alerta novo de ${who}. Aqui você vê o mais recente.`,
  firmAttending: (firm) => `${firm} está cuidando deste alerta.`,
  ackPressPractice: (who) => `Toque em «Recebi» para ${who} ver que os alertas chegam até você.`,
  ackPress: (who) =>
    `Toque em «Recebi» para ${who} saber que você recebeu o alerta e vai ajudar. Depois, ligue para essa pessoa.`,
  ackPressForced: (who) => `Toque em «Recebi» para registrar que você recebeu o alerta de ${who} e vai ajudar.`,
  checkInPurpose: (purpose) =>
    (
      ({
        'cita-inmigracion': 'a entrevista na imigração',
        audiencia: 'a audiência no tribunal',
        trabajo: 'o trabalho',
        viaje: 'a viagem',
        otro: 'a saída',
      }) as Record<string, string | undefined>
    )[purpose] ?? 'a saída',
  missedSubject: (who) => `ALERTA: ${who} não confirmou que está bem`,
  missedLead: (who, purpose, place, time) =>
    `${who} não confirmou que está bem depois de ${purpose}${place ? ` em ${place}` : ''}, que devia terminar até as ${time}.`,
  missedLastPosition: 'Última localização que o celular enviou enquanto o aviso estava ativo:',
  missedAddedSubject: (who) => `ALERTA: ${who} também não confirmou que está bem`,
  missedAddedNote: 'O alerta SOS continua ativo.',
  safeLead: (who) => `${who} confirmou que está bem. O alerta terminou.`,
  safeSubject: (who) => `${who} está bem: o alerta terminou`,

  duressSubject: (who) => `ALERTA: é possível que tenham obrigado ${who} a encerrar o alerta`,
  duressLead: (who) =>
    `${who} encerrou o alerta SOS no aplicativo, mas é possível que tenham forçado essa pessoa a fazer isso.`,
  duressStillActive: 'O alerta continua ativo: aja como se ele não tivesse terminado.',
  duressTodo: (who) =>
    `Não ligue nem mande mensagem para ${who}: outra pessoa pode estar com o telefone, e uma ligação poderia colocar ${who} em perigo. Avise a família e o advogado ou a organização que acompanha ${who}, e compartilhe com eles a localização.`,
  checkInForcedSubject: (who) => `ALERTA: é possível que tenham obrigado ${who} a encerrar ou prolongar o aviso`,
  checkInForced: (who) =>
    `${who} encerrou ou prolongou o aviso no aplicativo, mas é possível que tenham forçado essa pessoa a fazer isso. O alerta continua ativo.`,

  deletionSubject: (who) => `${who} pediu para apagar a conta durante um alerta que nunca terminou`,
  deletionLead: (who, when, days) =>
    `${who} pediu para apagar a conta em ${when}, enquanto o alerta continuava ativo. Esperamos ${days} dias e o alerta nunca foi encerrado com o PIN.`,
  deletionDone:
    'Hoje apagamos a conta, como foi pedido. A página do alerta não abre mais e você não vai receber mais e-mails desta conta.',
  deletionTodo: (who) =>
    `Se você não tem notícias de ${who}, não ligue nem mande mensagem para o telefone dessa pessoa: outra pessoa pode estar com ele. Avise a família e o advogado ou a organização que cuida do caso.`,

  stepsHeading: 'Se você acha que houve uma detenção:',
  locatorAsks: (who) => `O que o localizador de detidos do ICE pede para encontrar ${who}:`,
  locatorByNumber: (aNumber, country) => `Número A: ${aNumber} — país de nascimento: ${country}`,
  locatorByName: (name, country) => `Ou o nome exato: ${name} — país de nascimento: ${country}`,
  unknownValue: '(não deixou anotado)',
  locatorCountry: (name, locatorName) =>
    `${name} (na lista do localizador, que está em inglês, escolha «${locatorName}»)`,
  stepOpenLocator:
    'Abra o localizador de detidos do ICE (Online Detainee Locator System, em inglês): https://locator.ice.gov',
  stepSearchNumber: (aNumber) =>
    aNumber
      ? `Escolha «Search by A-Number», digite ${aNumber} e escolha o país de nascimento na lista.`
      : 'Se você tiver o número A, escolha «Search by A-Number»: digite só os 9 números, sem o A (se tiver 8, coloque um 0 no começo), e escolha o país de nascimento.',
  stepSearchName:
    'Se a pessoa não aparecer, ou se você não tiver o número: escolha «Search by Biographical Information» e digite o nome e o sobrenome exatamente como nos documentos, e o país de nascimento.',
  stepConsulate: (phone) =>
    phone ? `Ligue para o consulado no ${phone}.` : 'Ligue para o consulado do país dessa pessoa.',
  stepLawyer: (name, phone) =>
    phone
      ? `Ligue para o advogado${name ? `, ${name},` : ''} no ${phone}.`
      : 'Ligue para o advogado ou para uma organização de ajuda jurídica a imigrantes.',
  g28Filed: (who) => `Um advogado já entregou o formulário que permite representar ${who} diante da imigração (G-28).`,
  g28NotFiled: (who) =>
    `Nenhum advogado entregou ainda o formulário que permite representar ${who} diante da imigração (G-28).`,

  packetHeading: (who) => `Mais informações que ${who} deixou para você em caso de detenção:`,
  packetSample: (who) =>
    `Isto é um exemplo: num alerta de verdade, aqui estariam as informações que ${who} guardou para você. Os dados abaixo não são reais.`,
  packetLabel: (field) =>
    (
      ({
        birth_date: 'Data de nascimento',
        children_pickup: 'Quem busca as crianças',
        children_contact: 'Como falar com essa pessoa',
        documents_location: 'Onde estão os documentos',
        medicines: 'Remédios',
      }) as Record<string, string | undefined>
    )[field] ?? field,

  samplePacket: {
    legal_name: 'Nome Sobrenome Exemplo',
    birth_country: 'País de exemplo',
    lawyer_name: 'Advogada de exemplo',
    children_pickup: 'Pessoa de exemplo',
    documents_location: 'Lugar de exemplo',
    medicines: 'Nenhum (exemplo)',
  },

  requestFailed: 'Não conseguimos falar com o nosso servidor. Verifique a conexão e tente de novo.',
  tooManyTries: 'Muitas tentativas a partir desta conexão. Espere um pouco e tente de novo.',
  closeNotice: 'Fechar aviso',
  connectionStatus: 'Estado da conexão',
  offlineNeedsSignal: 'Sem conexão. Você precisa de sinal para continuar.',
};
